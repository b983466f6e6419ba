import { apiClient, type ApiRequest, type ApiTransportResponse } from '../lib/api-client';
import { BOARD_NOW_HEADER } from '@ginhawa/contract';
import { pageOf } from './fixtures';

export type MockReply =
  { status: number; data?: unknown; headers?: Record<string, string> } | 'network-error' | 'pending';
export type MockHandler = MockReply | ((request: ApiRequest) => MockReply | Promise<MockReply>);
export type MockCall = { method: string; url: string; headers: Record<string, unknown>; data: unknown };

/**
 * Answers API calls from a table keyed "METHOD /path/" (query string included when given),
 * without a server. Unlisted calls answer 404 like the server does.
 */
export const mockApi = (routes: Record<string, MockHandler>) => {
  const calls: MockCall[] = [];
  apiClient.defaults.adapter = async (request: ApiRequest): Promise<ApiTransportResponse> => {
    const { method, url } = request;
    calls.push({ method, url, headers: { ...request.headers }, data: request.data });
    const key = `${method} ${url}`;
    const handler = routes[key] ??
      routes[`${method} ${url.split('?')[0]}`] ?? { status: 404, data: { message: `No API endpoint at ${key}.` } };
    const reply = typeof handler === 'function' ? await handler(request) : handler;
    if (reply === 'pending') return new Promise<ApiTransportResponse>(() => undefined);
    // What fetch does when nothing answers.
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return { status: reply.status, data: reply.data, headers: new Headers(reply.headers) };
  };
  return calls;
};

/** A list endpoint's 200 answer with one page of rows. */
export const okPage = <T>(results: T[]) => ({ status: 200, data: pageOf(results) });

/**
 * A floor board read's 200 answer as the server sends it (decision 1060): the board without `now`
 * in the body, `now` in the `Board-Now` header.
 */
export const boardReply = <B extends { now?: string }>({ now, ...body }: B) => ({
  status: 200,
  data: body,
  headers: (now === undefined ? {} : { [BOARD_NOW_HEADER]: now }) as Record<string, string>,
});
