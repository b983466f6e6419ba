import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, getErrorMessage, setUnauthorizedHandler } from './api-client';
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

describe('api client', () => {
  it('uses /api as its base and sends cookies', () => {
    expect(apiClient.defaults.baseURL).toBe('/api');
    expect(apiClient.defaults.withCredentials).toBe(true);
  });

  it("shows the server's message and keeps its field errors", async () => {
    mockApi({
      'POST /users/1/update_password/': {
        status: 400,
        data: { message: 'Please correct the highlighted fields.', errors: { new_password: ['Use at least 10 characters.'] } },
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
    mockApi({ 'GET /locations/': { status: 200, data: [] } });
    const controller = new AbortController();
    controller.abort();
    expect((await failureOf(apiClient.get('/locations/', { signal: controller.signal }))).message).toBe('Network error or request was cancelled');
  });

  it('maps anything else to the unexpected-error text', () => {
    expect(getErrorMessage(new TypeError('x is undefined'))).toBe('An unexpected error occurred');
  });

  it('hands a 401 to the registered handler', async () => {
    mockApi({ 'GET /clients/': { status: 401, data: { message: 'Please sign in to continue.' } } });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const error = await failureOf(apiClient.get('/clients/'));
    expect(error.status).toBe(401);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('sends the browser to /login on a 401 when no handler is registered', async () => {
    mockApi({ 'GET /clients/': { status: 401, data: { message: 'Please sign in to continue.' } } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/clients/3', assign });
    await failureOf(apiClient.get('/clients/'));
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('does not call the 401 handler for other failures', async () => {
    mockApi({ 'GET /clients/': { status: 403, data: { message: 'You do not have permission to do this.' } } });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await failureOf(apiClient.get('/clients/'));
    expect(handler).not.toHaveBeenCalled();
  });

  it('sends X-CSRFToken from the csrftoken cookie when there is one', async () => {
    const calls = mockApi({ 'POST /users/logout/': { status: 200, data: { message: 'Signed out.' } }, 'GET /users/logout/': { status: 200, data: {} } });
    await apiClient.get('/users/logout/');
    expect(calls[0]?.headers['X-CSRFToken']).toBeUndefined();
    document.cookie = 'csrftoken=abc123; path=/';
    await apiClient.post('/users/logout/');
    expect(calls[1]?.headers['X-CSRFToken']).toBe('abc123');
  });
});
