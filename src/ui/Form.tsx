import type { FormHTMLAttributes } from 'react';

/**
 * A form on a page the server renders. Its markup is on screen before the JavaScript that handles its submit;
 * a submit in that moment would be the browser's own (a GET of the same page), a reload that loses what the
 * customer typed. `method="dialog"` outside a <dialog> makes the browser's own submit do nothing (the HTML form
 * submission algorithm returns), so the text stays where it was typed and the next tap, once the page is
 * hydrated, is the form's. Every onSubmit given here prevents the default. A form inside a <dialog> (opened by
 * the JavaScript, never before it) is a plain <form>: there this method would close the dialog.
 */
export function Form(props: FormHTMLAttributes<HTMLFormElement>) {
  return <form method="dialog" {...props} />;
}
