// The English build only: the package's main entry loads every locale (about 0.4 s at start).
import { faker } from '@faker-js/faker/locale/en';

/** One generator for all demo data, with a fixed seed so every fresh database looks the same. */
export const DEMO_SEED = 20_261_122;

/**
 * Given names and surnames of the demo staff. The demo clients' longer lists begin with these
 * (modules/clients/clients.demo.ts may spread them: `[...DEMO_FIRST_NAMES, 'Rosa', …]`).
 */
export const DEMO_FIRST_NAMES = [
  'Maria',
  'Jose',
  'Juan',
  'Ana',
  'Angelica',
  'Mark',
  'John Paul',
  'Kristine',
  'Jerome',
  'Patricia',
  'Carlo',
  'Camille',
  'Rafael',
  'Bea',
  'Miguel',
  'Jasmine',
  'Paolo',
  'Nicole',
  'Gabriel',
  'Andrea',
  'Christian',
  'Joy',
  'Ramon',
  'Liza',
  'Enrique',
  'Marites',
  'Rogelio',
  'Rowena',
  'Danilo',
  'Lourdes',
  'Jericho',
  'Aileen',
] as const;
export const DEMO_LAST_NAMES = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Ocampo',
  'Garcia',
  'Mendoza',
  'Torres',
  'Tomas',
  'Andrada',
  'Castillo',
  'Flores',
  'Villanueva',
  'Ramos',
  'Castro',
  'Rivera',
  'Aquino',
  'Navarro',
  'Salazar',
  'Mercado',
  'Dela Cruz',
  'De Leon',
  'Gonzales',
  'Lim',
  'Tan',
  'Aguilar',
  'Soriano',
  'Pascual',
  'Manalo',
  'Domingo',
] as const;

export const createDemoFaker = () => {
  faker.seed(DEMO_SEED);
  return {
    faker,
    firstName: () => faker.helpers.arrayElement(DEMO_FIRST_NAMES),
    lastName: () => faker.helpers.arrayElement(DEMO_LAST_NAMES),
  };
};
