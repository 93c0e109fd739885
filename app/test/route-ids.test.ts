import { describe, expect, it } from 'vitest';
import { assertUniqueRouteIds } from '../src/app/route-ids';
import { appRoutes } from '../src/app/routes';

describe('route ids', () => {
  it('rejects two routes with the same id, naming it', () => {
    expect(() => assertUniqueRouteIds([{ id: 'bonus' }, { id: 'market' }, { id: 'bonus' }])).toThrow('Duplicate route id: bonus');
  });

  it('finds a duplicate nested under another route', () => {
    const routes = [{ id: 'root', children: [{ id: 'main', children: [{ id: 'flip' }] }, { id: 'flip' }] }];
    expect(() => assertUniqueRouteIds(routes)).toThrow('Duplicate route id: flip');
  });

  it('accepts routes without ids and distinct ids', () => {
    expect(() => assertUniqueRouteIds([{ id: 'a', children: [{}, { id: 'b' }] }, {}])).not.toThrow();
  });

  it('accepts the app route table, where every screen has an id', () => {
    expect(() => assertUniqueRouteIds(appRoutes)).not.toThrow();
    const ids: string[] = [];
    const collect = (routes: typeof appRoutes) =>
      routes.forEach((route) => {
        if (route.id) ids.push(route.id);
        if (route.children) collect(route.children);
      });
    collect(appRoutes);
    expect(ids).toEqual(expect.arrayContaining(['root', 'home', 'profile', 'main', 'bonus', 'market', 'roll', 'not-found']));
  });
});
