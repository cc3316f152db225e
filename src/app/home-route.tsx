import { HomePage } from '../features/home/HomePage';
import { OrderHistory } from '../features/orders/home';
import { useEffect } from 'react';
import { homeShown } from '../stores/arriving-code';
import { fetchCardCode, homeSections } from './home-sections';

// The cards' code is fetched as soon as the home's route module runs, beside the home's calls.
fetchCardCode();

/** /home (lazy route module): the home page, rendering from every feature's home cards. */
export function Component() {
  useEffect(homeShown, []);
  return <HomePage sections={homeSections} history={OrderHistory} />;
}
