import type { UploadPreview, UploadRecord } from '@leerzicht/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { asProviderStaff, profile as directorProfile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

/*
 * Management > Upload with an EDEXML file that gives pupils another ECK-iD than the stored one: the preview lists
 * them with a box per pupil, and applying sends the keys of the ticked pupils only.
 */

const staffProfile = asProviderStaff(directorProfile);
const SHA = 'c'.repeat(64);
const eck = (n: string) => `https://ketenid.nl/201703/${n}`;

const preview: UploadPreview = {
  kind: 'EDEXML',
  fileName: 'regenboog.xml',
  sha256: SHA,
  calendarYear: 2025,
  counts: {
    pupils: { add: 0, change: 1, unchanged: 10 },
    groups: { add: 0, change: 0, unchanged: 2 },
    teachers: { add: 0, change: 0, unchanged: 0 },
    pupilsLeft: 0,
  },
  errors: [
    {
      line: 60,
      field: 'eckid',
      code: 'key_eckid_conflict',
      message: 'Key "L003" and this row\'s ECK-iD belong to two different pupils of the school.',
      values: { key: 'L003' },
    },
  ],
  errorCount: 1,
  alreadyApplied: false,
  teachers: [],
  eckIdConflicts: [
    {
      line: 33,
      key: 'L001',
      name: 'Daan de Jong',
      storedEckId: eck('oud-1'),
      fileEckId: eck('nieuw-1'),
      kind: 'changed',
    },
    {
      line: 43,
      key: 'L002',
      name: 'Emma van der Berg',
      storedEckId: eck('oud-2'),
      fileEckId: eck('nieuw-2'),
      kind: 'changed',
    },
    {
      line: 60,
      key: 'L003',
      name: 'Sem Bakker',
      storedEckId: null,
      fileEckId: eck('van-een-ander'),
      kind: 'held_by_other',
    },
  ],
  eckIdConflictCount: 3,
};

const record: UploadRecord = {
  id: 2,
  kind: 'EDEXML',
  fileName: 'regenboog.xml',
  sha256: SHA,
  size: 2048,
  calendarYear: 2025,
  status: 'done',
  counts: { ...preview.counts, pupils: { add: 0, change: 2, unchanged: 9 } },
  errorCount: 1,
  uploadedBy: 'Bea Beheer',
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** XMLHttpRequest as the upload sends it: answers from the table and keeps each form's text fields. */
function fakeXhr(replies: Record<string, { status: number; body: unknown }>) {
  const sent: { url: string; fields: Record<string, string> }[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: (() => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private target = '';
    open(method: string, url: string) {
      this.target = `${method} ${url}`;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }
    send(form: FormData) {
      const fields: Record<string, string> = {};
      for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
      sent.push({ url: this.target, fields });
      const answer = replies[this.target] ?? { status: 404, body: { status: 404, detail: 'Not found.' } };
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

async function checkFile(language: 'en' | 'nl') {
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse({ ...staffProfile, language }),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/schools/1/uploads/': jsonResponse({ count: 0, results: [] }),
  });
  const sent = fakeXhr({
    'POST /api/1.0/schools/1/uploads/preview/': { status: 200, body: preview },
    'POST /api/1.0/schools/1/uploads/': { status: 201, body: record },
  });
  signIn();
  const view = renderApp('/app/schools/1/admin/upload', { language });
  const labels =
    language === 'en'
      ? { file: 'File', check: 'Check file' }
      : { file: 'Bestand', check: 'Bestand controleren' };
  await view.user.upload(
    await screen.findByLabelText(labels.file),
    new File(['<EDEX/>'], 'regenboog.xml', { type: 'application/xml' }),
  );
  await view.user.click(screen.getByRole('button', { name: labels.check }));
  return { ...view, sent };
}

describe('Management > Upload: ECK-iD conflicts', () => {
  it('lists the pupils with another ECK-iD and sends only the ticked ones on apply', async () => {
    const { user, sent } = await checkFile('en');
    const table = await screen.findByRole('table', { name: 'Pupils with another ECK-iD' });
    expect(screen.getByText('3 pupils with another ECK-iD in the file')).toBeInTheDocument();
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Pupil', 'Pupil key', 'Stored ECK-iD', 'ECK-iD in the file', 'Replace ECK-iD'],
      ['Daan de Jong', 'L001', eck('oud-1'), eck('nieuw-1'), ''],
      ['Emma van der Berg', 'L002', eck('oud-2'), eck('nieuw-2'), ''],
      ['Sem Bakker', 'L003', '–', eck('van-een-ander'), 'Belongs to another pupil; this row is skipped.'],
    ]);
    const daan = within(table).getByRole('checkbox', { name: 'Replace ECK-iD: Daan de Jong' });
    const emma = within(table).getByRole('checkbox', { name: 'Replace ECK-iD: Emma van der Berg' });
    expect(within(table).getAllByRole('checkbox')).toHaveLength(2);
    expect(daan).not.toBeChecked();
    expect(emma).not.toBeChecked();

    // Each ticked pupil is one more change; none is ticked to begin with.
    expect(screen.getByRole('button', { name: 'Apply: 1 change' })).toBeDisabled();
    await user.click(daan);
    await user.click(emma);
    await user.click(emma);
    await user.click(screen.getByRole('checkbox', { name: 'Skip the row with an error' }));
    await user.click(screen.getByRole('button', { name: 'Apply: 2 changes' }));
    expect(await screen.findByText('regenboog.xml has been applied: 2 changes.')).toBeInTheDocument();
    expect(sent.map((form) => form.url)).toEqual([
      'POST /api/1.0/schools/1/uploads/preview/',
      'POST /api/1.0/schools/1/uploads/',
    ]);
    expect(sent[1]?.fields).toEqual({
      kind: 'EDEXML',
      sha256: SHA,
      skipRowErrors: 'true',
      replaceEckIds: JSON.stringify(['L001']),
    });
  });

  it('sends no confirmations when no box is ticked, and speaks Dutch', async () => {
    const { user, sent } = await checkFile('nl');
    const table = await screen.findByRole('table', { name: 'Leerlingen met een ander ECK-iD' });
    expect(within(table).getByRole('columnheader', { name: 'ECK-iD vervangen' })).toBeInTheDocument();
    expect(
      within(table).getByRole('checkbox', { name: 'ECK-iD vervangen: Daan de Jong' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'De regel met een fout overslaan' }));
    await user.click(screen.getByRole('button', { name: 'Toepassen: 1 wijziging' }));
    expect(await screen.findByText(/regenboog\.xml is verwerkt/)).toBeInTheDocument();
    expect(sent[1]?.fields).toEqual({ kind: 'EDEXML', sha256: SHA, skipRowErrors: 'true' });
  });
});
