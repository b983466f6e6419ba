import { apiClient } from '../../../lib/api-client';

/** Ends the server session and clears the cookies. POST, so it carries the CSRF header (the server refuses a cross-site GET). */
export const logout = async (): Promise<void> => {
  await apiClient.post('/users/logout/');
};
