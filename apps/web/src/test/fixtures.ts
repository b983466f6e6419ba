import type { MyData } from '@ginhawa/contract';

export const therapistData: MyData = {
  id: 4,
  username: 'therapist',
  first_name: 'maria',
  last_name: 'santos',
  email: 'maria@example.ph',
  avatar: null,
  groups: ['Therapist'],
  locations: [{ id: 2, name: 'Ginhawa Makati' }],
};

export const adminData: MyData = {
  id: 1,
  username: 'admin',
  first_name: 'Ana',
  last_name: 'Reyes',
  email: 'admin@example.ph',
  avatar: null,
  groups: ['Admin', 'Manager'],
  locations: [],
};
