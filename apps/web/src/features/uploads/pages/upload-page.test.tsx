import type { InspectoratePreview, UploadPreview, UploadRecord } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, silenceExpectedErrors } from '../../../test/fake-api';
import { asProviderStaff, profile as directorProfile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const director = { ...directorProfile, language: 'en' as const };
const staffProfile = asProviderStaff(director);
const SHA = 'a'.repeat(64);

const preview: UploadPreview = {
  kind: 'EDEXML',
  fileName: 'regenboog.xml',
  sha256: SHA,
  calendarYear: 2025,
  counts: {
    pupils: { add: 1, change: 2, unchanged: 180 },
    groups: { add: 0, change: 1, unchanged: 9 },
    teachers: { add: 0, change: 0, unchanged: 12 },
    pupilsLeft: 3,
  },
  errors: [
    {
      line: 214,
      field: 'groep',
      code: 'unknown_group',
      message: 'Group key "G9" is not among the file\'s groups.',
      values: { key: 'G9' },
    },
    {
      line: 300,
      field: 'geboortedatum',
      code: 'some_new_code',
      message: 'A reason only the server knows.',
      values: {},
    },
  ],
  errorCount: 2,
  alreadyApplied: false,
  teachers: [
    { email: 'nieuw@regenboog.example', name: 'Nora Nieuw', hasAccount: false, isMember: false },
    { email: 'bekend@regenboog.example', name: 'Bert Bekend', hasAccount: true, isMember: true },
  ],
  eckIdConflicts: [],
  eckIdConflictCount: 0,
};

const earlier: UploadRecord = {
  id: 1,
  kind: 'NATIONAL_RESULTS',
  fileName: 'cito-midden.csv',
  sha256: 'b'.repeat(64),
  size: 2048,
  calendarYear: 2025,
  status: 'done',
  counts: { results: { add: 40, change: 0, unchanged: 0 } },
  errorCount: 0,
  uploadedBy: 'Bea Beheer',
  createdAt: '2026-01-10T09:00:00.000Z',
};

/** The inspectorate's file as the server previews it: one school matched and changed, one row of another BRIN. */
const inspectoratePreview: InspectoratePreview = {
  fileName: 'gemiddelde_referentieniveaus_per_school_2324-2526_Open_data.ods',
  sha256: SHA,
  calendarYears: [2023, 2024, 2025],
  rowCount: 2,
  matched: [
    {
      line: 3,
      ovt: '12AB|C1',
      schoolId: 1,
      schoolName: 'OBS De Regenboog',
      status: 'changed',
      changedFields: ['schoolweging', 'signalTarget'],
    },
  ],
  unmatchedCount: 1,
  unmatched: [{ line: 2, ovt: '00AP|C1' }],
  rowErrors: [{ line: 2, column: 'Schoolweging', value: 'n.v.t.' }],
};

interface SentForm {
  url: string;
  fields: Record<string, string>;
  fileName: string | null;
}

/**
 * XMLHttpRequest as the upload sends it: reports progress of the body, then answers from the table once `answerAfter`
 * has settled (a test that checks the progress holds the answer until it has seen it: a busy machine can otherwise
 * answer before the click returns). The fields of each form are kept for the test to check.
 */
function fakeXhr(
  replies: Record<string, (form: SentForm) => { status: number; body: unknown }>,
  answerAfter: Promise<void> = Promise.resolve(),
) {
  const sent: SentForm[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
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
      let fileName: string | null = null;
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else fileName = value.name;
      }
      const request = { url: this.target, fields, fileName };
      sent.push(request);
      const reply = replies[this.target];
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        void answerAfter.then(() =>
          setTimeout(() => {
            const answer = reply
              ? reply(request)
              : { status: 404, body: { status: 404, detail: 'Not found.' } };
            this.status = answer.status;
            this.responseText = JSON.stringify(answer.body);
            this.onload?.();
          }, 20),
        );
      }, 20);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function setup(
  options: {
    profile?: typeof staffProfile;
    previewReply?: (form: SentForm) => { status: number; body: unknown };
    answerAfter?: Promise<void>;
  } = {},
) {
  let lists = 0;
  let uploads: UploadRecord[] = [earlier];
  const invites: unknown[] = [];
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse(options.profile ?? staffProfile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/schools/1/uploads/': () => {
      lists += 1;
      return jsonResponse({ count: uploads.length, results: uploads });
    },
    'POST /api/1.0/uploads/invite_teachers/': (request) => {
      invites.push(request.body);
      return jsonResponse({ invited: 1, skipped: 0 });
    },
  });
  const sent = fakeXhr(
    {
      'POST /api/1.0/schools/1/uploads/preview/':
        options.previewReply ?? (() => ({ status: 200, body: preview })),
      'POST /api/1.0/schools/1/uploads/': () => {
        const record: UploadRecord = {
          ...earlier,
          id: 2,
          kind: 'EDEXML',
          fileName: 'regenboog.xml',
          sha256: SHA,
          counts: preview.counts,
          errorCount: 2,
          createdAt: '2026-03-01T10:00:00.000Z',
        };
        uploads = [record, ...uploads];
        return { status: 201, body: record };
      },
      'POST /api/1.0/inspectorate-figures/preview/': () => ({ status: 200, body: inspectoratePreview }),
      'POST /api/1.0/inspectorate-figures/': () => ({
        status: 201,
        body: { sha256: SHA, calendarYears: [2023, 2024, 2025], schoolCount: 1, rowCount: 1 },
      }),
    },
    options.answerAfter,
  );
  signIn();
  const view = renderApp('/app/schools/1/admin/upload', { language: 'en' });
  return { ...view, sent, invites, lists: () => lists };
}

const xmlFile = () => new File(['<EDEX/>'], 'regenboog.xml', { type: 'application/xml' });

describe('Management > Upload', () => {
  it('checks a file: counts, row errors with readable reasons, teachers without an account; nothing applied yet', async () => {
    let progressSeen = () => {};
    const { user, sent } = setup({ answerAfter: new Promise((resolve) => (progressSeen = resolve)) });
    expect(await screen.findByRole('heading', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Earlier uploads' })).toHaveTextContent('cito-midden.csv');
    await user.upload(screen.getByLabelText('File'), xmlFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Sending… 50%')).toBeInTheDocument();
    progressSeen();
    const counts = await screen.findByRole('table', { name: 'What would change' });
    const row = (name: string) =>
      within(within(counts).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(row('Pupils')).toEqual(['1', '2', '180']);
    expect(row('Groups')).toEqual(['0', '1', '9']);
    expect(row('Pupils who left the school')).toEqual(['3']);
    expect(sent).toEqual([
      {
        url: 'POST /api/1.0/schools/1/uploads/preview/',
        fields: { kind: 'EDEXML' },
        fileName: 'regenboog.xml',
      },
    ]);

    const errors = screen.getByRole('table', { name: 'Errors per row' });
    const errorRows = within(errors).getAllByRole('row').slice(1);
    expect(
      errorRows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['214', 'groep', "Group G9 is not among the file's groups."],
      ['300', 'geboortedatum', 'A reason only the server knows.'],
    ]);
    expect(screen.getByText('1 teacher in the file has no account yet')).toBeInTheDocument();
    expect(screen.getByText(/Nora Nieuw/)).toBeInTheDocument();
    expect(screen.queryByText(/Bert Bekend/)).not.toBeInTheDocument();
    // 1 + 2 pupils, 1 group, 3 who left.
    const apply = screen.getByRole('button', { name: 'Apply: 7 changes' });
    expect(apply).toBeDisabled();
  });

  it('applies only with the skip box ticked, sends the preview hash, then lists the upload and confirms', async () => {
    const { user, sent, lists } = setup();
    await screen.findByRole('heading', { name: 'Upload' });
    await user.upload(screen.getByLabelText('File'), xmlFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const apply = await screen.findByRole('button', { name: 'Apply: 7 changes' });
    await user.click(screen.getByRole('checkbox', { name: 'Skip the 2 rows with errors' }));
    expect(apply).toBeEnabled();
    const listsBefore = lists();
    await user.click(apply);
    expect(await screen.findByText('regenboog.xml has been applied: 7 changes.')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      url: 'POST /api/1.0/schools/1/uploads/',
      fields: { kind: 'EDEXML', sha256: SHA, skipRowErrors: 'true' },
      fileName: 'regenboog.xml',
    });
    await waitFor(() => expect(lists()).toBeGreaterThan(listsBefore));
    const list = screen.getByRole('table', { name: 'Earlier uploads' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]?.textContent)).toEqual([
      'regenboog.xml',
      'cito-midden.csv',
    ]);
    expect(rows[0]).toHaveTextContent('Pupils: 1 new, 2 changed');
    expect(rows[0]).toHaveTextContent('2 rows skipped');
    expect(screen.queryByRole('table', { name: 'What would change' })).not.toBeInTheDocument();
  });

  it('invites the teachers without an account in one action', async () => {
    const { user, invites } = setup();
    await screen.findByRole('heading', { name: 'Upload' });
    await user.upload(screen.getByLabelText('File'), xmlFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Invite this teacher' }));
    expect(await screen.findByText('1 invitation sent.')).toBeInTheDocument();
    expect(invites).toEqual([{ schoolId: 1, emails: ['nieuw@regenboog.example'] }]);
  });

  it('says why a file was refused as a whole, with its line', async () => {
    const { user } = setup({
      previewReply: () => ({
        status: 400,
        body: {
          status: 400,
          detail: 'Wrong BRIN (in the words of the server).',
          code: 'wrong_brin',
          line: 3,
          values: { brin: '99ZZ', expected: '12AB' },
          errors: { file: ['Wrong BRIN (in the words of the server).'] },
        },
      }),
    });
    await screen.findByRole('heading', { name: 'Upload' });
    await user.upload(screen.getByLabelText('File'), xmlFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file was refused; nothing has changed');
    expect(alert).toHaveTextContent(
      'This file is for the school with BRIN 99ZZ, not for this school (12AB).',
    );
    expect(alert).toHaveTextContent('At line 3.');
    expect(screen.queryByRole('table', { name: 'What would change' })).not.toBeInTheDocument();
  });

  it('refuses a file over the limit before sending it, and asks for a file when none is chosen', async () => {
    const { user, sent } = setup();
    await screen.findByRole('heading', { name: 'Upload' });
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(screen.getByText('Choose a file.')).toBeInTheDocument();
    const big = xmlFile();
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('File'), big);
    expect(screen.getByText('This file is larger than 50 MB and cannot be imported.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(sent).toEqual([]);
  });

  it("lets provider staff check and apply the inspectorate's open data for every school", async () => {
    const { user, sent } = setup();
    const section = await screen.findByTestId('inspectorate-upload');
    const ods = new File(['ods'], inspectoratePreview.fileName, {
      type: 'application/vnd.oasis.opendocument.spreadsheet',
    });
    await user.upload(within(section).getByLabelText("The inspectorate's file (.ods, .csv, .xlsx)"), ods);
    await user.click(within(section).getByRole('button', { name: 'Check' }));
    const previewPanel = await within(section).findByTestId('inspectorate-preview');
    expect(previewPanel).toHaveTextContent('2 rows; 1 row belongs to a Leerzicht school, 1 row does not');
    const row = previewPanel.querySelector('[data-ovt="12AB|C1"]');
    expect(row).toHaveTextContent('OBS De Regenboog');
    expect(row).toHaveTextContent('changed');
    expect(row).toHaveTextContent('schoolweging, signalTarget');
    expect(previewPanel).toHaveTextContent('row 2, column Schoolweging: "n.v.t."');
    await user.click(within(section).getByRole('button', { name: 'Import' }));
    expect(
      await within(section).findByText("The inspectorate's figures were imported: 1 school, 1 location."),
    ).toBeInTheDocument();
    expect(sent.filter((form) => form.url.includes('inspectorate'))).toEqual([
      {
        url: 'POST /api/1.0/inspectorate-figures/preview/',
        fields: {},
        fileName: inspectoratePreview.fileName,
      },
      {
        url: 'POST /api/1.0/inspectorate-figures/',
        fields: { sha256: SHA },
        fileName: inspectoratePreview.fileName,
      },
    ]);
  });

  it('is not found for anyone but provider staff', async () => {
    silenceExpectedErrors();
    setup({ profile: director });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check file' })).not.toBeInTheDocument();
  });

  it('shows not found when the server answers 404 to the list', async () => {
    silenceExpectedErrors();
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(staffProfile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
    });
    signIn();
    renderApp('/app/schools/1/admin/upload', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
