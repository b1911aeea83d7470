import { screen, within } from '@testing-library/react';

/** The second cell of each body row of the one table on screen: the names a table test's rows carry, in the order drawn. */
export const tableNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
