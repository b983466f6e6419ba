import { createContext, useContext } from 'react';
import type { User } from '../../features/auth/api/get-my-data';

/** The signed-in person for the app routes; the guard provides it once auth has loaded. */
export const CurrentUserContext = createContext<User | null>(null);

export const useCurrentUser = (): User => {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is only available on signed-in screens.');
  return user;
};
