import { Link } from 'react-router-dom';
import type { SectionProps } from '../../ui/section';
import { ChatLink } from '../../ui/chat';

/**
 * Home section 21, cancel service (home spec §2.7): 'on the home page its button shows only for Blue Marble
 * accounts with the DISCONNECT flow, otherwise a chat link shows' (rules/home-sections.json: variant 'button'
 * or 'chat').
 */
export function CancelServiceSection({ params }: SectionProps) {
  const button = params?.variant === 'button';
  return (
    <section className="panel" aria-labelledby="cancel-service-title">
      <h2 id="cancel-service-title">Cancel Service</h2>
      {button ? (
        <>
          <p>You can start cancelling your service online.</p>
          <Link className="btn btn--secondary" to="/Cancel-Services">
            Cancel Service
          </Link>
        </>
      ) : (
        <p>
          Want to cancel your service? <ChatLink>Chat with us</ChatLink> and an agent will help.
        </p>
      )}
    </section>
  );
}
