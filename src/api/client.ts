/**
 * The one way the portal talks to Orch. Every answer is validated against its JSON Schema (precompiled ajv
 * standalone validators: `new Ajv().compile()` is refused by the strict CSP) and comes back as a Result:
 * a bad status, a time-out, a lost network or a body of the wrong shape is a typed failure, never a throw,
 * so each failure path can end in the spec's handling.
 *
 * fetch is injected (the root store passes window.fetch; tests pass a fake).
 */
import type { Validator } from '../generated/validators';
// The time-out a server set for this page (src/config/runtime.ts), else the bundled one.
import { config } from '../config';
import { parseWellFormed } from './well-formed';

export type FailureKind = 'http' | 'timeout' | 'malformed' | 'network' | 'unauthenticated' | 'request';

/**
 * The longest address a call is sent with. Servers and proxies refuse longer request lines (8 KB is a
 * common limit; the sandbox answers 431 from 16 KB): a query built from a corrupt value (a 20k-character
 * wtn) fails here at once, as a 'request' failure, instead of waiting on a connection the server closes.
 */
export const MAX_URL_LENGTH = 8_000;

/**
 * A validator whose code is fetched by the first call that needs it, beside the call itself: the validators of
 * the calls a page makes were 119 KB of the first load's script, evaluated before the page could answer a tap,
 * while the page the server rendered makes none of those calls (docs/decisions/039-no-long-tasks.md).
 */
export interface LazyValidator<T> {
  load(): Promise<Validator<T>>;
}

/** A validator loaded once, on the first call that asks for it (a failed load is tried again next call). */
export function lazyValidator<T>(load: () => Promise<Validator<T>>): LazyValidator<T> {
  let loading: Promise<Validator<T>> | null = null;
  return {
    load: () =>
      (loading ??= load().catch((e: unknown) => {
        loading = null;
        throw e;
      })),
  };
}

export type Failure = { ok: false; kind: FailureKind; status?: number; message: string };
export type Result<T> = { ok: true; data: T } | Failure;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST';
  /** path starting with /Orch or /preauth */
  path: string;
  /** query parameters; null and undefined ones are left out */
  query?: Readonly<Record<string, QueryValue>>;
  /** JSON body of a POST */
  body?: unknown;
  /** the answer's validator, or one whose code loads with the first call (lazyValidator) */
  validate: Validator<T> | LazyValidator<T>;
  /** default: the client's time-out (config timeouts.callMs) */
  timeoutMs?: number;
  /** lets a caller give up early (e.g. a page left); reported as kind 'network', saying its reason */
  signal?: AbortSignal;
  /** headers of this call only (the pre-auth application key, src/api/application-key.ts) */
  headers?: Readonly<Record<string, string>>;
  /** the request outlives the page (fetch's keepalive): a record sent just before the page navigates away */
  keepalive?: boolean;
}

export interface ApiClient {
  request<T>(options: RequestOptions<T>): Promise<Result<T>>;
}

/**
 * What a call reads of an answer: the browser's Response has it all; the server's render passes a lighter
 * answer of its own (server/upstream.ts), since a WHATWG Response per call was a tenth of a render's CPU.
 */
export interface FetchAnswer {
  readonly status: number;
  readonly ok: boolean;
  /** 'opaqueredirect' for a redirect a browser did not follow */
  readonly type?: string;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  json(): Promise<unknown>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<FetchAnswer>;

export interface ClientOptions {
  fetch: FetchLike;
  /** default time-out of a call in ms (default config.timeouts.callMs) */
  timeoutMs?: number;
  /** prefix for paths, e.g. '' (same origin, the default) */
  baseUrl?: string;
  /** extra headers on every call (e.g. the pre-auth application key) */
  headers?: Readonly<Record<string, string>>;
}

/** Builds `path?query`, leaving out null and undefined values. */
export function buildUrl(
  baseUrl: string,
  path: string,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== null && v !== undefined) params.set(k, String(v));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

const fail = (kind: FailureKind, message: string, status?: number): Failure =>
  status === undefined ? { ok: false, kind, message } : { ok: false, kind, status, message };

function schemaMessage<T>(validate: Validator<T>, path: string): string {
  const first = validate.errors?.[0];
  const where = first ? `${first.instancePath || '/'} ${first.message ?? first.keyword}` : 'unexpected shape';
  return `Malformed answer from ${path}: ${where}`;
}

/** Parses the body: JSON when it says so; otherwise the text itself (text replies such as deviceReboot),
 * or that text parsed as JSON when a server forgot the content type. Every string comes out well formed (a
 * lone surrogate escaped in the JSON becomes U+FFFD, as the server's UTF-8 page writes it: ./well-formed.ts). */
function readBody<T>(
  text: string,
  contentType: string,
  validate: Validator<T>,
): { ok: true; data: T } | { ok: false } {
  const candidates: (() => unknown)[] = contentType.includes('json')
    ? [() => parseWellFormed(text)]
    : [() => text, () => parseWellFormed(text)];
  for (const candidate of candidates) {
    let value: unknown;
    try {
      value = candidate();
    } catch {
      continue;
    }
    if (validate(value)) return { ok: true, data: value };
  }
  return { ok: false };
}

/**
 * Reads and drops the body of a refusal (under the call's time-out). Left unread, the browser keeps the request
 * open for as long as the page lives: a page after a failed call never had a quiet network.
 */
async function drain(res: FetchAnswer): Promise<void> {
  try {
    await res.text();
  } catch {
    // Timed out or cut off: the status already says what happened.
  }
}

/** What an error or an abort's reason says. */
const reasonText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function createClient(options: ClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const defaultTimeout = options.timeoutMs ?? config.timeouts.callMs;

  async function request<T>(req: RequestOptions<T>): Promise<Result<T>> {
    const method = req.method ?? 'GET';
    const url = buildUrl(baseUrl, req.path, req.query);
    if (url.length > MAX_URL_LENGTH)
      return fail('request', `Address of ${req.path} too long to send (${url.length} characters)`);
    // A caller that gave up already (a page left while the call waited its turn): nothing is sent.
    if (req.signal?.aborted)
      return fail('network', `Network error on ${req.path}: ${reasonText(req.signal.reason)}`);
    const controller = new AbortController();
    const timeoutMs = req.timeoutMs ?? defaultTimeout;
    let timedOut = false;
    // Each abort says why, to whatever the signal reaches (fetch rejects with it, a server's client reads
    // it): the deadline is a TimeoutError, the caller's abort the caller's own reason.
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`No answer from ${req.path} within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    const onCallerAbort = (): void => controller.abort(req.signal?.reason);
    req.signal?.addEventListener('abort', onCallerAbort);
    // The validator's code travels beside the request; a failure to load it fails the call (awaited below).
    const validating =
      typeof req.validate === 'function' ? Promise.resolve(req.validate) : req.validate.load();
    validating.catch(() => {
      // Reported by the await below, as the call's failure.
    });
    try {
      const headers: Record<string, string> = {
        Accept: 'application/json, text/plain',
        ...options.headers,
        ...req.headers,
      };
      const init: RequestInit = { method, credentials: 'same-origin', headers, signal: controller.signal };
      if (req.keepalive) init.keepalive = true;
      if (method === 'POST') {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(req.body ?? {});
      }
      const res = await options.fetch(url, init);
      if (res.status === 401 || !res.ok) await drain(res);
      if (res.status === 401) return fail('unauthenticated', `Not signed in (401 from ${req.path})`, 401);
      if (!res.ok) return fail('http', `HTTP ${res.status} from ${req.path}`, res.status);
      // Reading the body stays under the same time-out: a stalled body is a time-out too.
      const text = await res.text();
      const validate = await validating;
      const parsed = readBody(text, res.headers.get('content-type') ?? '', validate);
      if (!parsed.ok) return fail('malformed', schemaMessage(validate, req.path), res.status);
      return { ok: true, data: parsed.data };
    } catch (e) {
      if (timedOut) return fail('timeout', `No answer from ${req.path} within ${timeoutMs} ms`);
      return fail('network', `Network error on ${req.path}: ${reasonText(e)}`);
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return { request };
}
