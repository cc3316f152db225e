import { observer } from 'mobx-react-lite';
import type { MyServices } from '../../../generated/types';
import { ADD_ONS, owned } from '../services-data';
import { useServices } from '../use-services';
import { ServicesBody } from '../unavailable';

/**
 * The add-ons on the account: the newer billing system lists them (valueAddedServices, hasDtv); the others
 * flag each one as owned ('true' strings).
 */
function ownedAddOns(s: MyServices): string[] {
  const dio = s.dioProductEligibility;
  if (dio) {
    const names = (dio.valueAddedServices ?? []).map((v) => ADD_ONS[v] ?? v);
    return dio.hasDtv ? [...names, 'TV'] : names;
  }
  const other = s.servicesAndOffersResponse;
  return [
    owned(other?.addOnPersonalTechPro) ? ADD_ONS.PERSONAL_TECH_PRO : null,
    owned(other?.addOnCyberShield) ? ADD_ONS.CYBER_SHIELD : null,
    owned(other?.directv) ? 'TV' : null,
  ].filter((name): name is string => !!name);
}

/** /services/add-ons: the add-ons on the account. Adding one is a flow the rules offer, not this page. */
export const Component = observer(function AddOns() {
  const services = useServices();
  const body = (
    <ServicesBody services={services}>
      {(data) => {
        const names = ownedAddOns(data);
        return names.length === 0 ? (
          <p>There are no add-ons on this account.</p>
        ) : (
          <ul aria-label="Add-ons on your account">
            {names.map((n, i) => (
              <li key={`${i}:${n}`}>{n}</li>
            ))}
          </ul>
        );
      }}
    </ServicesBody>
  );
  return (
    <section className="panel" aria-labelledby="add-ons-title">
      <h2 id="add-ons-title">Add-Ons</h2>
      {body}
    </section>
  );
});
