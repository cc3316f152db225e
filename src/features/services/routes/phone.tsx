import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useStores } from '../../../stores/context';
import { owned, specialConsiderations } from '../services-data';
import { useServices } from '../use-services';
import { ServicesBody } from '../unavailable';

/** /services/phone: whether the account has phone service, its number, and the phone-related plan notes. */
export const Component = observer(function Phone() {
  const store = useStores();
  const services = useServices();
  const p = store.profile.data;

  const body = (
    <ServicesBody services={services}>
      {(s) => {
        const hasPhone = s.dioProductEligibility
          ? s.dioProductEligibility.hasPhone === true
          : owned(s.servicesAndOffersResponse?.phone);
        const notes = specialConsiderations(s);
        return !hasPhone ? (
          <p>There is no phone service on this account.</p>
        ) : (
          <>
            <dl className="definition-list">
              <dt>Phone service</dt>
              <dd>Yes</dd>
              {p?.wtn ? (
                <>
                  <dt>Phone number</dt>
                  <dd>{p.wtn}</dd>
                </>
              ) : null}
            </dl>
            {notes.length > 0 ? (
              <>
                <h3>On your plan</h3>
                <ul>
                  {notes.map((n, i) => (
                    <li key={`${i}:${n}`}>{n}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <p>
              <Link to="/callDetails">Call details</Link>
            </p>
          </>
        );
      }}
    </ServicesBody>
  );

  return (
    <section className="panel" aria-labelledby="phone-title">
      <h2 id="phone-title">Phone</h2>
      {body}
    </section>
  );
});
