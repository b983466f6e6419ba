import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../lib/api-client';

export type MockReply = { status: number; data?: unknown } | 'network-error' | 'pending';
export type MockHandler = MockReply | ((config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>);
export type MockCall = { method: string; url: string; headers: Record<string, unknown>; data: unknown };

/**
 * Answers API calls from a table keyed "METHOD /path/" (query string included when given),
 * without a server. Unlisted calls answer 404 like the server does.
 */
export const mockApi = (routes: Record<string, MockHandler>) => {
  const calls: MockCall[] = [];
  apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    calls.push({ method, url, headers: AxiosHeaders.from(config.headers).toJSON(), data: config.data });
    const key = `${method} ${url}`;
    const handler = routes[key] ?? routes[`${method} ${url.split('?')[0]}`] ?? { status: 404, data: { message: `No API endpoint at ${key}.` } };
    const reply = typeof handler === 'function' ? await handler(config) : handler;
    if (reply === 'pending') return new Promise<AxiosResponse>(() => undefined);
    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response: AxiosResponse = { status: reply.status, statusText: String(reply.status), data: reply.data, headers: {}, config };
    if (reply.status >= 400) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
    }
    return response;
  };
  return calls;
};
