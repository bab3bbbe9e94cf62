import { contract } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { flattenRoutes, RouteTable } from './route-table';

const table = new RouteTable(flattenRoutes(contract));

describe('RouteTable', () => {
  it('lists the methods of each path in Django order, as the original Allow headers', () => {
    expect(table.allowed('/api/user/register/')).toEqual(['POST', 'OPTIONS']);
    expect(table.allowed('/api/notes/')).toEqual(['GET', 'POST', 'HEAD', 'OPTIONS']);
    expect(table.allowed('/api/todos/2/')).toEqual([
      'GET',
      'PUT',
      'PATCH',
      'DELETE',
      'HEAD',
      'OPTIONS',
    ]);
    expect(table.allowed('/api/calendar/events/6/')).toEqual([
      'GET',
      'PATCH',
      'DELETE',
      'HEAD',
      'OPTIONS',
    ]);
    expect(table.allowed('/api/notes/delete/2/')).toEqual(['DELETE', 'OPTIONS']);
    expect(table.allowed('/api/settings/')).toEqual(['GET', 'PUT', 'PATCH', 'HEAD', 'OPTIONS']);
  });

  it('matches with or without the trailing slash, and not unknown paths', () => {
    expect(table.allowed('/api/token')).toEqual(['POST', 'OPTIONS']);
    expect(table.allowed('/api//token//')).toEqual(['POST', 'OPTIONS']);
    expect(table.allowed('/api/nope/')).toBeUndefined();
    expect(table.allowed('/api/todos/2/extra/')).toBeUndefined();
  });
});
