/** A route object as far as ids go (React Router's RouteObject fits). */
interface IdentifiedRoute {
  id?: string;
  children?: readonly IdentifiedRoute[];
}

/** Spec section 2: two routes with the same id are rejected at start. */
export function assertUniqueRouteIds(routes: readonly IdentifiedRoute[]): void {
  const seen = new Set<string>();
  const visit = (list: readonly IdentifiedRoute[]) => {
    for (const route of list) {
      if (route.id !== undefined) {
        if (seen.has(route.id)) throw new Error(`Duplicate route id: ${route.id}`);
        seen.add(route.id);
      }
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
}
