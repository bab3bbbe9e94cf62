import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import { type PageOf, validatePageSearch } from '../../../lib/pagination';
import type { RouterContext } from '../../__root';

// Kept apart from the screens' components: route options stay in the app's first chunk, and
// whatever this module imports goes there with them.

interface PageLoad {
  context: RouterContext;
  deps: { page: number };
}

/**
 * The route options of a screen with a paged list: the page is in the URL (`?page=N`), and the
 * loader starts its request without waiting for it: the screen shows at once, with skeletons in
 * the list until the page comes. A failed load is shown by the list (toast + retry) while the
 * form stays usable.
 */
export function pagedRoute<T, K extends QueryKey>(
  pageQuery: (page: number) => EnsureQueryDataOptions<PageOf<T>, Error, PageOf<T>, K>,
) {
  return {
    validateSearch: validatePageSearch,
    loaderDeps: ({ search }: { search: { page?: number } }) => ({ page: search.page ?? 1 }),
    loader: ({ context, deps }: PageLoad) => {
      void context.queryClient.prefetchQuery(pageQuery(deps.page));
    },
  };
}
