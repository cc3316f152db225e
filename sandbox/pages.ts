/**
 * HTML pages of the sandbox itself: the sign-in stand-in, the jump-out stand-ins and its messages.
 * Strict CSP: no inline script or style; the look comes from /sandbox/sandbox.css.
 */
import { escapeHtml, plainPage } from '../server/html';
import type { Persona } from '../server/personas';

/** A sandbox page: its title, the shared stylesheet and the body given (already escaped). */
export function sandboxPage(title: string, body: string): string {
  return plainPage(title, body, '/sandbox/sandbox.css');
}

export const sandboxCss = `body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1b;background:#f6f7f9}
main{max-width:60rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.6rem}
ul.personas{list-style:none;padding:0}
ul.personas li{background:#fff;border:1px solid #d0d4da;border-radius:6px;margin:.5rem 0;padding:.75rem 1rem}
ul.personas a{font-weight:600;color:#0b4f9c}
ul.personas a:focus{outline:3px solid #f0b400;outline-offset:2px}
.note{color:#444}
code{background:#eceff3;padding:0 .2rem}
p.error{color:#a1001c;font-weight:600}
ul.outbox{list-style:none;padding:0}
li.email{background:#fff;border:1px solid #d0d4da;border-radius:6px;margin:.75rem 0;padding:.75rem 1rem}
li.email h2{font-size:1.15rem;margin:.25rem 0}
li.email a,main>p>a{font-weight:600;color:#0b4f9c;overflow-wrap:anywhere}
li.email a:focus,main>p>a:focus{outline:3px solid #f0b400;outline-offset:2px}
table{border-collapse:collapse;background:#fff;margin:.5rem 0 1rem}
th,td{border:1px solid #d0d4da;padding:.35rem .6rem;text-align:left;vertical-align:top}
caption{text-align:left;font-weight:600;padding:.25rem 0}
button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:0;background:#0b4f9c;color:#fff;cursor:pointer}
button:focus,a:focus{outline:3px solid #f0b400;outline-offset:2px}
`;

export function signInPage(opts: {
  personas: readonly Persona[];
  /** The rule studio's analysts (sandbox/analysts.json). */
  analysts?: readonly { id: string; name: string }[];
  redirect: string;
  redirectParam: string;
  error?: string;
}): string {
  const q = (id: string): string => {
    const params = new URLSearchParams({ persona: id });
    if (opts.redirect) params.set(opts.redirectParam, opts.redirect);
    return `/sandbox/signin?${params.toString()}`;
  };
  const items = opts.personas
    .map(
      (p) =>
        `<li><a href="${escapeHtml(q(p.id))}">${escapeHtml(p.id)}</a><br><span>${escapeHtml(p.description)}</span></li>`,
    )
    .join('\n');
  return sandboxPage(
    'Sign in (sandbox)',
    `<h1>Sign in to the sandbox</h1>
<p class="note">This page stands in for the provider's sign-in. Choose a persona to sign in as that customer${
      opts.redirect ? `; you will then go to <code>${escapeHtml(opts.redirect)}</code>` : ''
    }. Each sign-in gets its own copy of the persona's data.</p>
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
<h2>Personas</h2>
<ul class="personas">
${items}
</ul>
${
  opts.analysts?.length
    ? `<h2>Analysts (rule studio)</h2>
<p class="note">Sign in as an analyst to edit, preview and approve rule changes at <code>/studio</code>.</p>
<ul class="personas">
${opts.analysts
  .map(
    (a) =>
      `<li><a href="${escapeHtml(`/sandbox/signin?${new URLSearchParams({ analyst: a.id }).toString()}`)}">${escapeHtml(a.name)}</a><br><span>analyst <code>${escapeHtml(a.id)}</code></span></li>`,
  )
  .join('\n')}
</ul>`
    : ''
}
<p class="note">Faults: add <code>&amp;fault=/Orch/dssh/homeEarlyInit:500</code> to a sign-in link, or open
<code>/sandbox/faults?set=/Orch/dssh/homeEarlyInit:timeout</code> (modes 500, timeout, malformed, off).</p>`,
  );
}

/** Where each jump-out goes in a real deployment. */
const jumpTargets: Readonly<Record<string, string>> = {
  manageAutoPay: "the provider's AutoPay and payment-method management site",
  techTracker: "the technician tracker, showing the technician's location",
  vacationRestore: "the provider's vacation-service restore page for this account",
  movers: "the provider's moving page (a discount variant for EBBP and ACP holders)",
  changeDueDate: "the provider's page to change the due date of a pending order",
};

export function jumpPage(name: string, query: URLSearchParams): string | undefined {
  const target = jumpTargets[name];
  if (!target) return undefined;
  const details = [...query.entries()]
    .map(([k, v]) => `<li><code>${escapeHtml(k)}</code>: ${escapeHtml(v)}</li>`)
    .join('');
  return sandboxPage(
    `Jump-out: ${name} (sandbox)`,
    `<h1>Jump-out: ${escapeHtml(name)}</h1>
<p>In a real deployment this goes to ${escapeHtml(target)}.</p>
${details ? `<p>Parameters passed:</p><ul>${details}</ul>` : ''}
<p><a href="/home">Back to the portal</a></p>`,
  );
}

/** What a stand-in site knows of a token: the attributes it carried. */
export interface TokenView {
  token: string;
  attributes: Readonly<Record<string, string>>;
}

function attributeTable(view: TokenView): string {
  const rows = Object.entries(view.attributes)
    .map(([k, v]) => `<tr><th scope="row"><code>${escapeHtml(k)}</code></th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  return `<table><caption>Token ${escapeHtml(view.token)}</caption>
<thead><tr><th scope="col">Attribute</th><th scope="col">Value</th></tr></thead>
<tbody>${rows || '<tr><td colspan="2">(none)</td></tr>'}</tbody></table>`;
}

const money = (value: string | undefined): string => {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? `$${n.toFixed(2)}` : '$0.00';
};

/**
 * The stand-in bill payment site (jumpOutPayBill): what the payment jump-out token carried, and a Pay button
 * that pays its adjusted amount on that session's account. Without a token it says none was received.
 */
export function payBillPage(view: TokenView | null, accountNumber: string): string {
  if (!view) {
    return sandboxPage(
      'Payment site (sandbox)',
      `<h1>Payment site (sandbox)</h1>
<p class="error" role="alert">No payment jump-out token of this session was found${
        accountNumber ? ` for account ${escapeHtml(accountNumber)}` : ''
      }. Start the payment from the portal's Pay button.</p>
<p><a href="/billing">Return to the portal</a></p>`,
    );
  }
  return sandboxPage(
    'Payment site (sandbox)',
    `<h1>Payment site (sandbox)</h1>
<p class="note">This page stands in for the provider's bill payment site. The portal created a payment
jump-out token (createJumpOutToken) and went to jumpOutPayBill; these are the attributes the token carried.</p>
${attributeTable(view)}
<form method="post" action="/sandbox/jump/payBill">
<input type="hidden" name="token" value="${escapeHtml(view.token)}">
<button type="submit">Pay ${escapeHtml(money(view.attributes.adjustedAmount))}</button>
</form>
<p><a href="/billing">Return to the portal without paying</a></p>`,
  );
}

/** After Pay: what was paid, and the way back. */
export function paidPage(paid: { amount: number; accountNumber: string; confirmation: string }): string {
  return sandboxPage(
    'Payment received (sandbox)',
    `<h1>Payment received</h1>
<p role="status">${escapeHtml(money(String(paid.amount)))} was paid on account ${escapeHtml(paid.accountNumber)}.
Confirmation number ${escapeHtml(paid.confirmation)}.</p>
<p><a href="/billing">Return to the portal</a></p>`,
  );
}

/**
 * The stand-in payment-plan site: the token it received in its address, and a button that sets up a payment
 * arrangement for that session's account.
 */
export function paymentPlanPage(view: TokenView | null, token: string): string {
  if (!view) {
    return sandboxPage(
      'Payment plan site (sandbox)',
      `<h1>Payment plan site (sandbox)</h1>
<p class="error" role="alert">The token ${escapeHtml(token || '(none)')} is not one this session received.
Start from the portal's Set up Payment plan button.</p>
<p><a href="/billing">Return to the portal</a></p>`,
    );
  }
  return sandboxPage(
    'Payment plan site (sandbox)',
    `<h1>Payment plan site (sandbox)</h1>
<p class="note">This page stands in for the provider's payment-plan site, which takes the payment-plan token in
its address.</p>
${attributeTable(view)}
<form method="post" action="/sandbox/jump/paymentPlan">
<input type="hidden" name="token" value="${escapeHtml(view.token)}">
<button type="submit">Set up a payment arrangement</button>
</form>
<p><a href="/billing">Return to the portal</a></p>`,
  );
}

/** After Set up: the arrangement, and the way back. */
export function arrangedPage(accountNumber: string): string {
  return sandboxPage(
    'Payment plan set up (sandbox)',
    `<h1>Payment plan set up</h1>
<p role="status">Account ${escapeHtml(accountNumber)} now has a payment arrangement.</p>
<p><a href="/billing">Return to the portal</a></p>`,
  );
}

export function messagePage(title: string, text: string): string {
  return sandboxPage(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
