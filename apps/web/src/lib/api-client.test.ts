import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiClient,
  getErrorMessage,
  isNotFound,
  readCookie,
  setUnauthorizedHandler,
  toApiError,
} from './api-client';
import { mockApi } from '../test/api-mock';

const failureOf = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`Expected an ApiError, got ${String(error)}`, { cause: error });
  }
  throw new Error('Expected the call to fail.');
};

/** Puts a fake fetch under the real transport; returns the mock to inspect what was sent. */
const stubFetch = (respond: () => Response | Promise<Response>) => {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => respond());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const sent = (fetchMock: ReturnType<typeof stubFetch>, index = 0) => {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return { url, init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client over fetch (the real transport)', () => {
  it('hands over the response headers (a board read’s Board-Now, decision 1060)', async () => {
    stubFetch(() => Response.json({}, { status: 200, headers: { 'board-now': '2026-11-29T02:00:00.000Z' } }));
    const response = await apiClient.get('/floor/board/?location=1');
    expect(response.headers.get('board-now')).toBe('2026-11-29T02:00:00.000Z');
  });

  it('uses /api as its base and sends cookies, asking for JSON', async () => {
    const fetchMock = stubFetch(() => Response.json([{ id: 1 }], { status: 200 }));
    const response = await apiClient.get<{ id: number }[]>('/locations/?page=1');
    expect(response).toEqual({ data: [{ id: 1 }], status: 200, headers: expect.any(Headers) });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/api/locations/?page=1');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('sends a JSON body with its content type', async () => {
    const fetchMock = stubFetch(() => Response.json({ id: 7, name: 'BPI' }, { status: 201 }));
    const response = await apiClient.post<{ id: number; name: string }>('/banks/', { name: 'BPI' });
    expect(response).toEqual({ data: { id: 7, name: 'BPI' }, status: 201, headers: expect.any(Headers) });
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/api/banks/');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"BPI"}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Accept).toBe('application/json');
  });

  it('sends PUT, PATCH and DELETE with their methods', async () => {
    const fetchMock = stubFetch(() => Response.json({}, { status: 200 }));
    await apiClient.put('/banks/7/', { name: 'BDO' });
    await apiClient.patch('/banks/7/', { is_active: false });
    await apiClient.delete('/banks/7/');
    expect([0, 1, 2].map((i) => `${String(sent(fetchMock, i).init.method)} ${String(sent(fetchMock, i).url)}`)).toEqual(
      ['PUT /api/banks/7/', 'PATCH /api/banks/7/', 'DELETE /api/banks/7/'],
    );
    expect(sent(fetchMock, 1).init.body).toBe('{"is_active":false}');
    expect(sent(fetchMock, 2).init.body).toBeUndefined();
  });

  it('sends an upload as FormData without a content type (the browser adds the boundary)', async () => {
    const fetchMock = stubFetch(() => Response.json({ id: 1 }, { status: 200 }));
    const body = new FormData();
    body.append('file', new File(['png'], 'me.png', { type: 'image/png' }));
    await apiClient.post('/users/1/update_avatar/', body);
    const { init, headers } = sent(fetchMock);
    expect(init.body).toBe(body);
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Accept).toBe('application/json');
  });

  it('resolves a 204 with no data', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    expect(await apiClient.delete('/services/treatments/3/')).toEqual({
      data: undefined,
      status: 204,
      headers: expect.any(Headers),
    });
  });

  it('sends X-CSRFToken from the csrftoken cookie', async () => {
    const fetchMock = stubFetch(() => Response.json({ message: 'Signed out.' }, { status: 200 }));
    document.cookie = 'csrftoken=tok%20en; path=/';
    await apiClient.post('/users/logout/');
    expect(sent(fetchMock).headers['X-CSRFToken']).toBe('tok en');
  });

  it("shows the server's message from a real error response", async () => {
    stubFetch(() =>
      Response.json({ message: 'This name is taken.', errors: { name: 'Choose another name.' } }, { status: 409 }),
    );
    const error = await failureOf(apiClient.post('/banks/', { name: 'BPI' }));
    expect(error.message).toBe('This name is taken.');
    expect(error.status).toBe(409);
    expect(error.errors).toEqual({ name: ['Choose another name.'] });
    expect(error.fromServer).toBe(true);
  });

  it("says 'An unexpected error occurred' for an error page that is not JSON", async () => {
    stubFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await failureOf(apiClient.get('/reports/'));
    expect(error.message).toBe('An unexpected error occurred');
    expect(error.status).toBe(502);
    expect(error.fromServer).toBe(false);
  });

  it("says 'Network error or request was cancelled' when fetch fails", async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(apiClient.get('/locations/'));
    expect(error.message).toBe('Network error or request was cancelled');
    expect(error.status).toBeUndefined();
  });

  it("says 'Network error or request was cancelled' when fetch is aborted", async () => {
    stubFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    expect((await failureOf(apiClient.get('/locations/'))).message).toBe('Network error or request was cancelled');
  });
});

describe('api client', () => {
  it("shows the server's message and keeps its field errors", async () => {
    mockApi({
      'POST /users/1/update_password/': {
        status: 400,
        data: {
          message: 'Please correct the highlighted fields.',
          errors: { new_password: ['Use at least 10 characters.'] },
        },
      },
    });
    const error = await failureOf(apiClient.post('/users/1/update_password/', {}));
    expect(error.message).toBe('Please correct the highlighted fields.');
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ new_password: ['Use at least 10 characters.'] });
    expect(error.fromServer).toBe(true);
  });

  it("says 'An unexpected error occurred' when the response has no message", async () => {
    mockApi({ 'GET /reports/': { status: 500, data: '<html>Bad gateway</html>' } });
    const error = await failureOf(apiClient.get('/reports/'));
    expect(error.message).toBe('An unexpected error occurred');
    expect(error.fromServer).toBe(false);
  });

  it("says 'Network error or request was cancelled' when nothing answered", async () => {
    mockApi({ 'GET /locations/': 'network-error' });
    expect((await failureOf(apiClient.get('/locations/'))).message).toBe('Network error or request was cancelled');
  });

  it("says 'Network error or request was cancelled' for a cancelled request", async () => {
    const calls = mockApi({ 'GET /locations/': { status: 200, data: [] } });
    const controller = new AbortController();
    controller.abort();
    expect((await failureOf(apiClient.get('/locations/', { signal: controller.signal }))).message).toBe(
      'Network error or request was cancelled',
    );
    expect(calls).toHaveLength(0);
  });

  it('maps anything else to the unexpected-error text', () => {
    expect(getErrorMessage(new TypeError('x is undefined'))).toBe('An unexpected error occurred');
    const apiError = new ApiError('Already an ApiError.', { status: 404 });
    expect(toApiError(apiError)).toBe(apiError);
    expect(isNotFound(apiError)).toBe(true);
    expect(isNotFound(new Error('404'))).toBe(false);
  });

  it('resolves with the data and status, and hands the transport the path as the caller gave it', async () => {
    const calls = mockApi({ 'GET /notifications/': { status: 200, data: { count: 3 } } });
    expect(await apiClient.get('/notifications/?is_read=false&pageSize=1')).toEqual({
      data: { count: 3 },
      status: 200,
      headers: expect.any(Headers),
    });
    expect(calls).toEqual([
      {
        method: 'GET',
        url: '/notifications/?is_read=false&pageSize=1',
        headers: { Accept: 'application/json' },
        data: undefined,
      },
    ]);
  });

  it('answers an unlisted call with a 404 and says which endpoint', async () => {
    mockApi({});
    const error = await failureOf(apiClient.get('/nowhere/'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('No API endpoint at GET /nowhere/.');
  });

  it('hands a 401 to the registered handler', async () => {
    mockApi({ 'GET /clients/': { status: 401, data: { message: 'Please sign in to continue.' } } });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const error = await failureOf(apiClient.get('/clients/'));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Please sign in to continue.');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('sends the browser to /login on a 401 when no handler is registered', async () => {
    mockApi({ 'GET /clients/': { status: 401, data: { message: 'Please sign in to continue.' } } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/clients/3', assign });
    await failureOf(apiClient.get('/clients/'));
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('leaves a 401 that is the call’s answer to the caller: no handler, no reload to /login', async () => {
    mockApi({ 'GET /users/my_data/': { status: 401, data: { message: 'Please sign in to continue.' } } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/floor', assign });
    const error = await failureOf(apiClient.get('/users/my_data/', { signedOutIsAnAnswer: true }));
    expect(error.status).toBe(401);
    expect(assign).not.toHaveBeenCalled();
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await failureOf(apiClient.get('/users/my_data/', { signedOutIsAnAnswer: true }));
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not call the 401 handler for other failures', async () => {
    mockApi({ 'GET /clients/': { status: 403, data: { message: 'You do not have permission to do this.' } } });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await failureOf(apiClient.get('/clients/'));
    expect(handler).not.toHaveBeenCalled();
  });

  it('sends X-CSRFToken from the csrftoken cookie when there is one', async () => {
    const calls = mockApi({
      'POST /users/logout/': { status: 200, data: { message: 'Signed out.' } },
      'GET /users/logout/': { status: 200, data: {} },
    });
    await apiClient.get('/users/logout/');
    expect(calls[0]?.headers['X-CSRFToken']).toBeUndefined();
    document.cookie = 'csrftoken=abc123; path=/';
    expect(readCookie('csrftoken')).toBe('abc123');
    await apiClient.post('/users/logout/');
    expect(calls[1]?.headers['X-CSRFToken']).toBe('abc123');
  });

  it('prefers the __Host-csrftoken cookie the server sets behind TLS', async () => {
    const calls = mockApi({ 'POST /users/logout/': { status: 200, data: { message: 'Signed out.' } } });
    const cookie = vi
      .spyOn(document, 'cookie', 'get')
      .mockReturnValue('csrftoken=plain; __Host-csrftoken=secure%2Bone');
    try {
      await apiClient.post('/users/logout/');
    } finally {
      cookie.mockRestore();
    }
    expect(calls[0]?.headers['X-CSRFToken']).toBe('secure+one');
  });

  it('hands the transport a JSON body as text and an upload as the FormData itself', async () => {
    const calls = mockApi({
      'POST /banks/': { status: 201, data: {} },
      'POST /configurations/update-logo/': { status: 200, data: {} },
    });
    await apiClient.post('/banks/', { name: 'BPI' });
    const upload = new FormData();
    await apiClient.post('/configurations/update-logo/', upload);
    expect(calls[0]?.data).toBe('{"name":"BPI"}');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[1]?.data).toBe(upload);
    expect(calls[1]?.headers['Content-Type']).toBeUndefined();
  });
});
