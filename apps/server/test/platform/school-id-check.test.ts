import { describe, expect, it } from 'vitest';
import { schoolOwnedTables, unfilteredTables } from '../helpers/school-id-check';

const owned = schoolOwnedTables();

describe('the school_id check of a statement', () => {
  it('finds the school-owned tables in the Drizzle schema (and leaves out global ones)', () => {
    for (const table of ['pupils', 'year_classes', 'national_test_scores', 'pupil_notes', 'audit_log']) {
      expect(owned.has(table), table).toBe(true);
    }
    for (const table of ['users', 'sessions', 'subjects', 'national_norms', 'schools']) {
      expect(owned.has(table), table).toBe(false);
    }
  });

  it.each([
    ['select * from pupils where school_id = $1 and id = $2', []],
    ['select * from pupils p where p.school_id = any($1)', []],
    ['select * from pupils p where p.id = $1', ['pupils']],
    ['select * from subjects where id = 1', []],
    [
      'select * from pupils p join year_classes c on c.id = p.year_class_id where p.school_id = $1',
      ['year_classes'],
    ],
    [
      'select * from pupils p join year_classes c on c.school_id = p.school_id and c.id = p.year_class_id ' +
        'where p.school_id = $1',
      [],
    ],
    [
      'select * from pupils where school_id = $1 and id in (select pupil_id from pupil_notes where id = $2)',
      ['pupil_notes'],
    ],
    ['with r as (select * from pupil_notes where id = $1) select * from r', ['pupil_notes']],
    [
      'select 1 from pupils where school_id = $1 union all select 1 from year_classes where id = $2',
      ['year_classes'],
    ],
    ['update pupil_notes set content = $1 where id = $2', ['pupil_notes']],
    ['update pupil_notes set content = $1 where school_id = $2 and id = $3', []],
    ['delete from pinned_pupils where id = $1', ['pinned_pupils']],
    // Joined on school_id, but neither side is pinned to a school: a query to every shard.
    [
      'select * from pupils p left join year_classes c on c.school_id = p.school_id where p.id = $1',
      ['pupils', 'year_classes'],
    ],
    ['select * from pupils p join year_classes c on p.school_id = c.school_id where c.school_id = $1', []],
    // A subquery correlated on the outer table's school_id: the outer level answers for it.
    [
      'select (select count(*) from year_classes c where c.school_id = p.school_id) from pupils p where p.school_id = $1',
      [],
    ],
    ['select * from pupils p where p.school_id = p.school_id', ['pupils']],
    ['insert into pupil_notes (school_id, pupil_id, content) values ($1, $2, $3)', []],
    ['insert into pupil_notes (pupil_id, content) values ($1, $2)', ['pupil_notes']],
  ])('%s', async (sql, expected) => {
    expect(await unfilteredTables(sql, owned)).toEqual(expected);
  });
});
