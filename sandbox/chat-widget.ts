/**
 * The sandbox's stand-in for the chat vendor's widget (config/portal.json chat): a same-origin script that
 * defines `window.SandboxChat.open({ topic, page })` and, when called, adds the vendor's floating container
 * (`#chat-widget-container`, the element /login/chat removes every 100 ms) with a small conversation panel. No
 * agent is connected: the panel says so and echoes what is typed, so a 'Chat with us' opens something real.
 *
 * Strict CSP: the script builds the panel with DOM calls and textContent only (no innerHTML, no inline style);
 * its look is /sandbox/chat-widget.css. Registered with the server by `chatWidgetRoutes`.
 */
import type { FastifyInstance } from 'fastify';

export const CHAT_WIDGET_SCRIPT = `(function () {
  'use strict';
  var CONTAINER_ID = 'chat-widget-container';
  var opener = null;

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }

  function say(log, who, text) {
    var line = el('p', { 'class': 'chat-widget__line' });
    line.append(el('strong', {}, who + ': '), document.createTextNode(text));
    log.append(line);
    log.scrollTop = log.scrollHeight;
  }

  function close() {
    var box = document.getElementById(CONTAINER_ID);
    if (box) box.remove();
    if (opener && document.contains(opener)) opener.focus();
    opener = null;
  }

  function open(options) {
    options = options || {};
    var existing = document.getElementById(CONTAINER_ID);
    if (existing) {
      var again = existing.querySelector('input');
      if (again) again.focus();
      return;
    }
    if (!document.querySelector('link[data-chat-widget]')) {
      document.head.append(el('link', { rel: 'stylesheet', href: '/sandbox/chat-widget.css', 'data-chat-widget': '' }));
    }
    opener = document.activeElement;
    var box = el('section', { id: CONTAINER_ID, 'class': 'chat-widget', role: 'dialog', 'aria-labelledby': 'chat-widget-title' });
    var head = el('div', { 'class': 'chat-widget__head' });
    head.append(el('h2', { id: 'chat-widget-title' }, 'Chat with us'));
    var closeButton = el('button', { type: 'button', 'class': 'chat-widget__close' }, 'Close chat');
    closeButton.addEventListener('click', close);
    head.append(closeButton);
    var log = el('div', { 'class': 'chat-widget__log', role: 'log', 'aria-live': 'polite', tabindex: '0', 'aria-label': 'Conversation' });
    var form = el('form', { 'class': 'chat-widget__form' });
    var label = el('label', { 'for': 'chat-widget-input' }, 'Your message');
    var input = el('input', { id: 'chat-widget-input', type: 'text', autocomplete: 'off', maxlength: '500' });
    var send = el('button', { type: 'submit' }, 'Send');
    form.append(label, input, send);
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var text = input.value.trim();
      if (!text) return;
      say(log, 'You', text);
      input.value = '';
      say(log, 'Agent', 'Thanks, we have your message. (Sandbox stand-in: no agent is connected.)');
    });
    box.addEventListener('keydown', function (e) { if (e.key === 'Escape') close(); });
    box.append(head, log, form);
    document.body.append(box);
    say(log, 'Agent', 'Hello! An agent will be with you shortly.');
    if (options.topic) say(log, 'Topic', String(options.topic));
    say(log, 'Sandbox', 'This is the sandbox stand-in for the provider\\'s chat: no agent is connected.');
    input.focus();
  }

  window.SandboxChat = { open: open, close: close };
})();
`;

export const CHAT_WIDGET_CSS = `.chat-widget{position:fixed;right:1rem;bottom:1rem;z-index:1000;width:22rem;max-width:calc(100vw - 2rem);
background:#fff;color:#1b1b1b;border:1px solid #8a929c;border-radius:8px;box-shadow:0 6px 24px rgba(0,0,0,.25);
font:inherit;display:flex;flex-direction:column}
.chat-widget__head{display:flex;align-items:center;justify-content:space-between;gap:.5rem;padding:.5rem .75rem;
background:#0b4f9c;color:#fff;border-radius:8px 8px 0 0}
.chat-widget__head h2{font-size:1rem;margin:0}
.chat-widget__close{background:#fff;color:#0b4f9c;border:0;border-radius:4px;padding:.25rem .5rem;font:inherit;cursor:pointer}
.chat-widget__log{max-height:14rem;overflow-y:auto;padding:.5rem .75rem}
.chat-widget__line{margin:.25rem 0;overflow-wrap:anywhere}
.chat-widget__form{display:grid;grid-template-columns:1fr auto;gap:.25rem .5rem;padding:.5rem .75rem;border-top:1px solid #d0d4da}
.chat-widget__form label{grid-column:1/-1;font-weight:600}
.chat-widget__form input{font:inherit;padding:.35rem;border:1px solid #6b7480;border-radius:4px;min-width:0}
.chat-widget__form button{font:inherit;background:#0b4f9c;color:#fff;border:0;border-radius:4px;padding:.35rem .75rem;cursor:pointer}
.chat-widget button:focus-visible,.chat-widget input:focus-visible,.chat-widget__log:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
`;

/** GET /sandbox/chat-widget.js and /sandbox/chat-widget.css. */
export function chatWidgetRoutes(scope: FastifyInstance): void {
  scope.get('/sandbox/chat-widget.js', (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(CHAT_WIDGET_SCRIPT),
  );
  scope.get('/sandbox/chat-widget.css', (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(CHAT_WIDGET_CSS),
  );
}
