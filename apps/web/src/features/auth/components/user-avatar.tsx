import Avatar from '@mui/material/Avatar';
import type { User } from '../api/get-my-data';
import { capitalizeWords, initialsOf } from '../../../lib/format';

export const fullNameOf = (user: Pick<User, 'firstName' | 'lastName' | 'username'>): string =>
  capitalizeWords(`${user.firstName} ${user.lastName}`) || user.username;

/** The person's photo, else their initials on the brand colour. */
export const UserAvatar = ({ user, size = 40 }: { user: User; size?: number }) => (
  <Avatar
    src={user.avatar ?? undefined}
    alt={fullNameOf(user)}
    sx={{
      width: size,
      height: size,
      fontSize: size * 0.4,
      fontWeight: 600,
      // primary.main, not .light: white initials on .light measured 2.86:1, under WCAG's 4.5:1.
      bgcolor: 'primary.main',
      color: 'primary.contrastText',
    }}
  >
    {initialsOf(user.firstName, user.lastName, user.username)}
  </Avatar>
);
