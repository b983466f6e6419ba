import type { LoginBody, MyData } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { toUser, type User } from './get-my-data';

export const login = async (body: LoginBody): Promise<User> => {
  const { data } = await apiClient.post<MyData>('/users/login/', body);
  return toUser(data);
};
