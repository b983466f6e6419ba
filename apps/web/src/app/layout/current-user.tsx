import { createContext, useContext, useMemo } from 'react';
import { isAdmin, type User } from '../../features/auth/api/get-my-data';
import type { DeskUser } from '../../features/clients/components/desk-user';

/** The signed-in person for the app routes; the guard provides it once auth has loaded. */
export const CurrentUserContext = createContext<User | null>(null);

export const useCurrentUser = (): User => {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is only available on signed-in screens.');
  return user;
};

/** The signed-in person as the client screens serve with them: their locations and whether they are an Admin. */
export const useDeskUser = (): DeskUser => {
  const user = useCurrentUser();
  return useMemo(() => ({ id: user.id, locations: user.locations.map((l) => l.id), admin: isAdmin(user) }), [user]);
};
