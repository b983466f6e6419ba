import axios, { type AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
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

const CSRF_COOKIE = 'csrftoken';
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

/** SPEC.md §8: the response's message, else 'An unexpected error occurred'; no response → network message. */
export const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const response = (error as AxiosError<unknown>).response;
    if (!response) return new ApiError(MESSAGES.network);
    const body = response.data;
    const message = isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : null;
    return new ApiError(message ?? MESSAGES.unexpected, {
      status: response.status,
      errors: isRecord(body) ? readFieldErrors(body.errors) : {},
      fromServer: message !== null,
    });
  }
  if (axios.isCancel(error)) return new ApiError(MESSAGES.network);
  return new ApiError(MESSAGES.unexpected);
};

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

export const apiClient = axios.create({
  baseURL: API_URL,
  withCredentials: true,
  headers: { Accept: 'application/json' },
  // Our own interceptor sends the CSRF header; axios's would skip cross-origin API hosts.
  xsrfCookieName: '',
  xsrfHeaderName: '',
});

apiClient.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const token = readCookie(CSRF_COOKIE);
  if (token) config.headers.set(CSRF_HEADER, token);
  return config;
});

apiClient.interceptors.response.use(
  (response: AxiosResponse) => response,
  (error: unknown) => {
    const apiError = toApiError(error);
    if (apiError.status === 401) handleUnauthorized();
    return Promise.reject(apiError);
  },
);
