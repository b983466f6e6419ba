import { z } from 'zod';

/** Plain-language defaults for the messages people see next to a field. */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required.';
    if (issue.code === 'invalid_type' && issue.input === null) return 'This field may not be null.';
    if (issue.code === 'invalid_type') return `Expected ${issue.expected}.`;
    return undefined;
  },
});
