import { z } from 'zod';

/**
 * Plain-language defaults for the messages people see next to a field. A schema's own message
 * wins; these cover the rest (a `?status=` outside its enum, an over-long `?ordering=`), which
 * otherwise answer in zod's words ("Invalid option: expected one of …", "Too big: …"). Set when the
 * contract loads (index.ts); the web app calls it itself, as its build drops the contract's
 * statements that export nothing (decision 1091).
 */
export const configureZod = () =>
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required.';
      if (issue.code === 'invalid_type' && issue.input === null) return 'This field may not be null.';
      if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Enter a whole number.';
      if (issue.code === 'invalid_type') return `Expected ${issue.expected}.`;
      if (issue.code === 'invalid_value' && issue.values.length)
        return `Choose one of: ${issue.values.map(String).join(', ')}.`;
      // Inclusive limits only (max, min, length); an exclusive one (gt, lt) keeps zod's wording.
      if ((issue.code === 'too_big' || issue.code === 'too_small') && issue.inclusive) {
        const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
        const side = `${issue.code === 'too_big' ? 'At most' : 'At least'} ${limit}`;
        if (issue.origin === 'string' && issue.code === 'too_small' && limit === 1)
          return 'This field may not be blank.';
        if (issue.origin === 'string') return `${side} character${limit === 1 ? '' : 's'}.`;
        if (issue.origin === 'array' || issue.origin === 'set') return `${side} item${limit === 1 ? '' : 's'}.`;
        if (issue.origin === 'number') return `${side}.`;
      }
      return undefined;
    },
  });
