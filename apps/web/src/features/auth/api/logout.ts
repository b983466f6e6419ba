import { apiClient } from '../../../lib/api-client';

/** Ends the server session and clears the cookies. */
export const logout = async (): Promise<void> => {
  await apiClient.get('/users/logout/');
};
