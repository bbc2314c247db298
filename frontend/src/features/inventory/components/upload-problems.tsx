import { Paper, ScrollArea, Table, Text } from '@mantine/core';
import type { ApiErrorDetail } from '../../../lib/api-client.js';

/** The rows of a refused spreadsheet: the file's row number (the header is row 1), the column and what is wrong. */
export function UploadProblems({ problems }: { problems: ApiErrorDetail[] }) {
  return (
    <Paper withBorder>
      <ScrollArea.Autosize mah={360} type="auto">
        <Table striped stickyHeader verticalSpacing="xs" horizontalSpacing="md" miw={420}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} className="visually-hidden">
            Problems in the file
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={80}>
                Row
              </Table.Th>
              <Table.Th scope="col" w={160}>
                Column
              </Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {problems.map((problem, index) => (
              <Table.Tr key={`${problem.row}-${problem.column ?? problem.path}-${index}`}>
                <Table.Td>{problem.row}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {problem.column ?? problem.path}
                  </Text>
                </Table.Td>
                <Table.Td>{problem.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Paper>
  );
}
