import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { emailBody, whatsappBody } from '../../../../../shared/schemas/message.js';
import { isApiError } from '../../../lib/api-client.js';
import { sendReceiptByEmail, sendReceiptOnWhatsApp } from '../api/billing.js';

type Channel = 'email' | 'whatsapp';

const channelName: Record<Channel, string> = { email: 'e-mail', whatsapp: 'WhatsApp' };

/** The address as the server checks it, or the message the server would answer. */
function problemOf(channel: Channel, address: string): string | undefined {
  const result = channel === 'email' ? emailBody.shape.toAddress.safeParse(address) : whatsappBody.shape.to.safeParse(address);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * Sends a saved bill's receipt: to the customer's own e-mail or WhatsApp in one click, or to an address the cashier
 * types, which is sent only after a confirm step (the server records who sent it where). What happened is said
 * under the buttons in the server's words (a wrong address, a bill sent too often).
 */
export function SendReceipt({ purchaseId, emailId, mobileNumber }: { purchaseId: number; emailId?: string; mobileNumber: string }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ sent: boolean; text: string }>();
  const [typing, setTyping] = useState(false);
  const [channel, setChannel] = useState<Channel>('email');
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const send = async (to: Channel, where: string, typed: boolean) => {
    setSending(true);
    setOutcome(undefined);
    try {
      await (to === 'email' ? sendReceiptByEmail(purchaseId, where, typed) : sendReceiptOnWhatsApp(purchaseId, where, typed));
      setOutcome({ sent: true, text: `Receipt sent by ${channelName[to]} to ${where}.` });
      setTyping(false);
      setConfirming(false);
      setAddress('');
    } catch (error) {
      setOutcome({ sent: false, text: isApiError(error) ? error.message : `The receipt could not be sent by ${channelName[to]}. Please try again.` });
      setConfirming(false);
    } finally {
      setSending(false);
    }
  };

  const check = () => {
    const found = problemOf(channel, address);
    setProblem(found);
    if (!found) setConfirming(true);
  };

  return (
    <Stack gap="xs" component="section" aria-label="Send the receipt">
      <Group gap="sm">
        {emailId && (
          <Button size="xs" variant="default" leftSection={<IconMail size={14} />} loading={sending} onClick={() => void send('email', emailId, false)}>
            E-mail to {emailId}
          </Button>
        )}
        <Button size="xs" variant="default" leftSection={<IconBrandWhatsapp size={14} />} loading={sending} onClick={() => void send('whatsapp', mobileNumber, false)}>
          WhatsApp to {mobileNumber}
        </Button>
        {!typing && (
          <Button size="xs" variant="subtle" onClick={() => setTyping(true)}>
            Send to another address
          </Button>
        )}
      </Group>
      {typing && !confirming && (
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            aria-label="Send by"
            value={channel}
            onChange={(value) => {
              setChannel(value as Channel);
              setProblem(undefined);
            }}
            data={[
              { value: 'email', label: 'E-mail' },
              { value: 'whatsapp', label: 'WhatsApp' },
            ]}
          />
          <TextInput
            label={channel === 'email' ? 'E-mail address' : 'Mobile number'}
            value={address}
            error={problem}
            onChange={(e) => setAddress(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') check();
            }}
          />
          <Button size="sm" onClick={check}>
            Next
          </Button>
          <Button
            size="sm"
            variant="default"
            onClick={() => {
              setTyping(false);
              setProblem(undefined);
            }}
          >
            Cancel
          </Button>
        </Group>
      )}
      {confirming && (
        <Alert color="yellow" variant="light" title="Is this the right address?">
          <Stack gap="xs">
            <Text size="sm">
              Send bill {purchaseId}'s receipt by {channelName[channel]} to <strong>{address.trim()}</strong>? It is not the customer's own, so it is
              recorded with your name.
            </Text>
            <Group gap="sm">
              <Button size="xs" loading={sending} onClick={() => void send(channel, address.trim(), true)}>
                Yes, send it
              </Button>
              <Button size="xs" variant="default" disabled={sending} onClick={() => setConfirming(false)}>
                Change the address
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {outcome && (
        <Alert color={outcome.sent ? 'green' : 'red'} variant="light" role={outcome.sent ? 'status' : 'alert'}>
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}
