import { Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPencil, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import type { Template } from '../../../../../shared/schemas/catalogue.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { errorText } from '../../../lib/query-client.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeleteTemplate, useDownloadCurrentTemplate, useTemplates } from '../api/templates.js';

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
          <Button component={Link} to="/home" variant="default" leftSection={<IconArrowLeft size={16} />}>
            Back
          </Button>
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
  const remove = useDeleteTemplate();
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const rows = templates.data ?? [];
  const shownPage = Math.min(page, pageCount(rows.length));

  const confirmDelete = () => {
    if (!deleting) return;
    const template = deleting;
    setDeleting(null);
    remove.mutate(template.templateId, {
      onError: (error) => setMessage(`${template.templateName} could not be deleted: ${errorText(error)}`),
    });
  };

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
                onClick={() => setDeleting(t)}
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
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete template"
        message={deleting ? `Delete ${deleting.templateName}?` : ''}
        confirmLabel="Delete"
        danger
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <MessageModal opened={message !== null} message={message ?? ''} onClose={() => setMessage(null)} />
    </>
  );
}
