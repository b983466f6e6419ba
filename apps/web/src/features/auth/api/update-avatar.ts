import type { MyData } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { toUser, type User } from './get-my-data';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Checked before upload so a person hears about it at once; the server checks again (413 above 2 MB). */
export const avatarProblem = (file: File): string | null => {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > AVATAR_MAX_BYTES) return 'Choose an image of 2 MB or less.';
  return null;
};

export const updateAvatar = async (userId: number, file: File): Promise<User> => {
  const body = new FormData();
  body.append('file', file);
  const { data } = await apiClient.post<MyData>(`/users/${userId}/update_avatar/`, body);
  return toUser(data);
};
