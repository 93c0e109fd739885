import { type } from 'arktype';

/** /fairness?round=123: the round to verify. */
export const FairnessSearch = type({
  'round?': /^\d{1,19}$/,
  '+': 'delete',
});
