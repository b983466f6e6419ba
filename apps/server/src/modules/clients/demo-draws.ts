import { addDays } from '@ginhawa/contract';
import type { Faker } from '@faker-js/faker';

/**
 * The random draws the demo builders share. Every builder draws from one seeded faker in a fixed
 * order, so the same seed gives the same demo data: keep the order of calls when changing them.
 */
export const createDraws = (faker: Faker, today: string, days: number, bankIds: number[]) => {
  const pick = <T>(list: readonly T[]) => faker.helpers.arrayElement(list);
  const recentDay = () => addDays(today, -faker.number.int({ min: 0, max: days - 1 }));
  const payment = () => {
    const method = bankIds.length
      ? faker.helpers.weightedArrayElement([
          { value: 'cash', weight: 5 },
          { value: 'card', weight: 3 },
          { value: 'e_wallet', weight: 3 },
          { value: 'bank_transfer', weight: 1 },
        ])
      : 'cash';
    return { payment_method: method, bank_id: method === 'card' || method === 'bank_transfer' ? pick(bankIds) : null };
  };
  return { faker, today, pick, recentDay, payment };
};
export type Draws = ReturnType<typeof createDraws>;
