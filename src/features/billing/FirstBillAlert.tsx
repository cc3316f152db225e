import { Link } from 'react-router-dom';
import { Alert } from '../../ui/Alert';

/** First-bill alert (tenure 0 or 1, decided by rules). */
export function FirstBillAlert() {
  return (
    <Alert tone="info" heading="Your first bill">
      <p>Your first bill is ready. See what is included and when it is due.</p>
      <Link to="/billing">View your bill</Link>
    </Alert>
  );
}
