import { Input, SegmentedControl, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { shopDay } from '../../../../../shared/bill.js';
import { formatRupees } from '../../../../../shared/format.js';
import { expenseBody, type Expense } from '../../../../../shared/schemas/expense.js';
import { PAYMENT_MODES } from '../../../../../shared/schemas/purchase.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { FormCard, RecordFormPage, useRecordId } from '../../../components/record-form.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useExpense, useSaveExpense } from '../api/expenses.js';
import { DateFormField } from '../../../components/date-field.js';

/** The list showing the month of a date (`2026-11-22` → `/expense?month=11&year=2026`). */
const listOf = (date: string) => `/expense?month=${Number(date.slice(5, 7))}&year=${date.slice(0, 4)}`;

/**
 * /expense/new and /expense/{id}: Add or Edit Expense (spec 3 sections 2, 3 and 5). Name, date and amount are
 * required, the amount in whole rupees, the date not after today; payment mode Cash unless Online is chosen.
 */
export default function ExpenseFormScreen() {
  const { isNew, id } = useRecordId();
  const expense = useExpense(id);
  return (
    <RecordFormPage
      isNew={isNew}
      id={id}
      record={expense.data}
      title={isNew ? 'Add Expense' : 'Edit Expense'}
      description="A running cost of the shop: rent, power, wages, tea."
      notFound="Expense not found."
      anyOf={['ExpenseEdit']}
      what="adding or changing expenses"
      back="/expense"
      loading="Loading the expense"
    >
      {(record) => <ExpenseEditor expense={record} />}
    </RecordFormPage>
  );
}

function ExpenseEditor({ expense }: { expense?: Expense }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveExpense(expense);
  const today = shopDay(new Date());
  const form = useZodForm(expenseBody, {
    defaultValues: {
      expenseName: expense?.expenseName ?? '',
      paymentMode: expense?.paymentMode ?? 'Cash',
      expenseDate: expense?.expenseDate ?? today,
      expenseAmount: expense ? String(expense.expenseAmount) : '',
    },
  });
  const onFailure = useSaveFailure(setProblem);
  const back = expense ? listOf(expense.expenseDate) : ((location.state as { back?: string } | null)?.back ?? '/expense');

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    save.mutate(values, {
      onSuccess: (saved) =>
        void navigate(listOf(saved.expenseDate), {
          state: { notice: `${expense ? 'Saved' : 'Added'} ${saved.expenseName} (${formatRupees(saved.expenseAmount)}).` },
        }),
      onError: onFailure,
    });
  });

  return (
    <FormCard
      label={expense ? 'Edit Expense' : 'Add Expense'}
      onSubmit={(event) => void submit(event)}
      problem={problem}
      onCancel={() => void navigate(back)}
      saving={save.isPending}
      saveLabel={expense ? 'Update' : 'Save'}
    >
      <TextField control={form.control} name="expenseName" label="Expense Name" withAsterisk maxLength={100} autoComplete="off" data-autofocus />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DateFormField control={form.control} name="expenseDate" label="Expense Date" withAsterisk max={today} />
        <TextField
          control={form.control}
          name="expenseAmount"
          label="Amount (₹)"
          withAsterisk
          inputMode="numeric"
          placeholder="Whole rupees"
          autoComplete="off"
          maxLength={9}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="paymentMode"
        render={({ field, fieldState }) => (
          <Input.Wrapper label="Payment Mode" error={fieldState.error?.message}>
            <SegmentedControl
              display="flex"
              data={[...PAYMENT_MODES]}
              value={field.value ?? 'Cash'}
              onChange={field.onChange}
              aria-label="Payment Mode"
              maw={260}
            />
          </Input.Wrapper>
        )}
      />
    </FormCard>
  );
}
