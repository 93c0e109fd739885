import { type } from 'arktype';

/** /roll?target=50: the number to roll under or over, 2 to 98. */
export const RollSearch = type({
  'target?': type('string.integer.parse').to('2 <= number <= 98'),
  '+': 'delete',
});
