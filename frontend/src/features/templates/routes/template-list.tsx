import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconPencil, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import type { Template } from '../../../../../shared/schemas/template.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { ConfirmedDelete, useConfirmedDelete } from '../../../components/list-state.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeleteTemplate, useDownloadCurrentTemplate, useTemplates } from '../api/templates.js';
import { BackButton } from '../../../components/back-links.js';

/** /template: the spreadsheet templates for the inventory upload (spec 2 section 2). */
export default function TemplateListScreen() {
  const edit = useCan()('TemplateEdit');
  const download = useDownloadCurrentTemplate();
  return (
    <Page
      title="Templates"
      description="Spreadsheet templates for the inventory upload. The last one uploaded or updated is the one staff download."
      actions={
        <>
          <BackButton />
          <Button variant="light" leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
            Download Template
          </Button>
          {edit && (
            <Button component={Link} to="/template/new" leftSection={<IconUpload size={16} />}>
              Upload Template
            </Button>
          )}
        </>
      }
    >
      <RequireFeature anyOf={['TemplateList', 'TemplateEdit']} what="the spreadsheet templates">
        <TemplateTable edit={edit} />
      </RequireFeature>
    </Page>
  );
}

function TemplateTable({ edit }: { edit: boolean }) {
  const templates = useTemplates();
  const remove = useConfirmedDelete(useDeleteTemplate(), (t: Template) => t.templateId, (t) => t.templateName);
  const [page, setPage] = useState(1);
  const rows = templates.data ?? [];
  const shownPage = Math.min(page, pageCount(rows.length));

  const columns: Column<Template>[] = [
    { key: 'created', header: 'Created On', render: (t) => formatDate(t.createdOn) },
    { key: 'id', header: 'Template Id', render: (t) => t.templateId },
    { key: 'name', header: 'Template Name', render: (t) => <Text size="sm" fw={500}>{t.templateName}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (t) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {/* The signed link answers the file as an attachment under the template's own name. */}
          <Button
            size="xs"
            variant="light"
            component="a"
            href={t.downloadUrl}
            download={t.templateName}
            leftSection={<IconDownload size={14} />}
            aria-label={`Download ${t.templateName}`}
          >
            Download
          </Button>
          {edit && (
            <>
              <Button
                size="xs"
                variant="subtle"
                component={Link}
                to={`/template/${t.templateId}`}
                leftSection={<IconPencil size={14} />}
                aria-label={`Update ${t.templateName}`}
              >
                Update
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => remove.ask(t)}
                leftSection={<IconTrash size={14} />}
                aria-label={`Delete ${t.templateName}`}
              >
                Delete
              </Button>
            </>
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <SavedNotice />
      <PagedTable
        caption="Templates"
        columns={columns}
        rows={rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE)}
        rowKey={(t) => t.templateId}
        page={shownPage}
        total={rows.length}
        onPageChange={setPage}
        loading={templates.isPending}
        emptyText="No templates yet. Staff download the built-in inventory template."
        minWidth={edit ? 720 : 560}
      />
      <ConfirmedDelete state={remove} title="Delete template" question={(t) => `Delete ${t.templateName}?`} />
    </>
  );
}
