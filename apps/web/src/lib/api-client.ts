import { MESSAGES } from '@ginhawa/contract';
import { API_URL } from '../config/env';

export type FieldErrors = Record<string, string[]>;

/** Every failed call rejects with this: a sentence a person can read, plus the status and field errors if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | undefined;
  readonly errors: FieldErrors;
  /** True when the server answered with its own `message`. */
  readonly fromServer: boolean;

  constructor(message: string, options: { status?: number; errors?: FieldErrors; fromServer?: boolean } = {}) {
    super(message);
    this.status = options.status;
    this.errors = options.errors ?? {};
    this.fromServer = options.fromServer ?? false;
  }
}

/** Behind TLS the server names the cookie with the `__Host-` prefix; over plain HTTP it has none. */
const CSRF_COOKIES = ['__Host-csrftoken', 'csrftoken'] as const;
const CSRF_HEADER = 'X-CSRFToken';

export const readCookie = (name: string): string | null => {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const readFieldErrors = (value: unknown): FieldErrors => {
  if (!isRecord(value)) return {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') errors[field] = [messages];
  }
  return errors;
};

/** The error for a response with status ≥ 400 (docs/product.md §8): its message, else 'An unexpected error occurred'. */
const errorFromResponse = (status: number, body: unknown): ApiError => {
  const message = isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : null;
  return new ApiError(message ?? MESSAGES.unexpected, {
    status,
    errors: isRecord(body) ? readFieldErrors(body.errors) : {},
    fromServer: message !== null,
  });
};

/** docs/product.md §8: failed calls already reject with an ApiError; anything else is 'An unexpected error occurred'. */
export const toApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(MESSAGES.unexpected);

export const getErrorMessage = (error: unknown): string => toApiError(error).message;

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/**
 * The app registers what a 401 does (clear the signed-in user, which shows /login).
 * Without a handler (the app not mounted yet) the browser is sent to /login directly.
 */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler | null) => {
  onUnauthorized = handler;
};

const handleUnauthorized = () => {
  if (onUnauthorized) onUnauthorized();
  else if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** One call as the transport sees it; `url` is the path the caller passed, relative to API_URL. */
export type ApiRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The JSON text for JSON bodies, the FormData for uploads, undefined without a body. */
  data: unknown;
  signal?: AbortSignal;
};

/**
 * What the transport got back, whatever the status; `data` is the parsed JSON (undefined without a
 * body); `headers` the response's (a board read's `Board-Now`, decision 1060), none when left out.
 */
export type ApiTransportResponse = { status: number; data: unknown; headers?: Headers };

/** Sends one request. Rejects (e.g. TypeError) only when nothing answered: network failure or abort. */
export type ApiAdapter = (request: ApiRequest) => Promise<ApiTransportResponse>;

export type ApiResponse<T> = { data: T; status: number; headers: Headers };

/**
 * `headers`: extra request headers, e.g. an `Idempotency-Key` that makes a retried sale store nothing
 * twice. `signedOutIsAnAnswer`: a 401 is this call's answer (the profile read: nobody is signed in),
 * not a session lost mid-use, so the 401 handler, and without one the reload to /login, is not run.
 */
export type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string>; signedOutIsAnAnswer?: boolean };

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const fetchAdapter: ApiAdapter = async (request) => {
  const response = await fetch(API_URL + request.url, {
    method: request.method,
    headers: request.headers,
    body: request.data as BodyInit | undefined,
    credentials: 'include',
    signal: request.signal,
  });
  return { status: response.status, data: await readBody(response), headers: response.headers };
};

const defaults: { adapter: ApiAdapter } = { adapter: fetchAdapter };

type ReachabilityListener = (reachable: boolean) => void;
const reachabilityListeners = new Set<ReachabilityListener>();

/** Told after each call whether the server answered (any status) or nothing did: the offline banner listens. */
export const onReachability = (listener: ReachabilityListener) => {
  reachabilityListeners.add(listener);
  return () => void reachabilityListeners.delete(listener);
};
const reachable = (answered: boolean) => reachabilityListeners.forEach((l) => l(answered));

const send = async <T>(
  method: string,
  url: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> => {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let data: unknown = body;
  // FormData goes as it is: the browser writes its multipart Content-Type with the boundary.
  if (body !== undefined && !(body instanceof FormData)) {
    headers['Content-Type'] = 'application/json';
    data = JSON.stringify(body);
  }
  const token = CSRF_COOKIES.map(readCookie).find((value) => value);
  if (token) headers[CSRF_HEADER] = token;

  if (options.signal?.aborted) throw new ApiError(MESSAGES.network);
  let response: ApiTransportResponse;
  try {
    response = await defaults.adapter({ method, url, headers, data, signal: options.signal });
  } catch {
    // An aborted call says nothing about the server.
    if (!options.signal?.aborted) reachable(false);
    throw new ApiError(MESSAGES.network);
  }
  reachable(true);
  if (response.status >= 400) {
    const error = errorFromResponse(response.status, response.data);
    if (error.status === 401 && !options.signedOutIsAnAnswer) handleUnauthorized();
    throw error;
  }
  return { data: response.data as T, status: response.status, headers: response.headers ?? new Headers() };
};

/** A small fetch client: base API_URL, cookies, CSRF header, JSON in and out, ApiError on failure. */
export const apiClient = {
  defaults,
  get: <T = unknown>(url: string, options?: RequestOptions) => send<T>('GET', url, undefined, options),
  delete: <T = unknown>(url: string, options?: RequestOptions) => send<T>('DELETE', url, undefined, options),
  post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => send<T>('POST', url, body, options),
  put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => send<T>('PUT', url, body, options),
  patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => send<T>('PATCH', url, body, options),
};
