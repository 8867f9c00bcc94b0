import { Selector, Tabs } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type DepositOptions,
  fetchDepositOptions,
  submitCoinDeposit,
  submitWireDeposit,
} from '../../api/funding';
import { Page } from '../../ui/Page';
import '../statements/statements.css';
import { CopyText } from './CopyText';
import { DepositForm } from './DepositForm';

function NoChannel() {
  const { t } = useTranslation();
  return <p className="funding-note">{t('funding.noChannel')}</p>;
}

/** On a made-up channel of the embedded demo: paying it would lose the money. */
function DemoWarning({ label }: { label: 'funding.demoAddress' | 'funding.demoAccount' }) {
  const { t } = useTranslation();
  return (
    <p className="funding-note funding-note--demo" role="alert">
      {t(label)}
    </p>
  );
}

function CoinDeposit({ channels }: { channels: DepositOptions['coin'] }) {
  const { t } = useTranslation();
  const [id, setId] = useState(channels[0]?.id);
  const channel = channels.find((c) => c.id === id);
  return (
    <div className="funding-panel">
      {channels.length === 0 ? (
        <NoChannel />
      ) : (
        <Selector
          columns={2}
          value={id === undefined ? [] : [id]}
          onChange={(v) => v[0] !== undefined && setId(v[0])}
          options={channels.map((c) => ({ value: c.id, label: `${c.currency_code} · ${c.protocol_code}` }))}
        />
      )}
      {channel && (
        <section className="funding-card deposit-address">
          {channel.demo && <DemoWarning label="funding.demoAddress" />}
          <QRCodeSVG value={channel.address} size={160} level="H" aria-label={t('funding.qr')} />
          <span className="funding-card__label">{t('funding.address')}</span>
          <CopyText value={channel.address} />
        </section>
      )}
      <DepositForm
        onSubmit={(form) =>
          channel ? submitCoinDeposit({ ...form, address: channel.address, charge_id: channel.id }) : false
        }
      />
    </div>
  );
}

function WireDeposit({ channels }: { channels: DepositOptions['wire'] }) {
  const { t } = useTranslation();
  const [id, setId] = useState(channels[0]?.id);
  const channel = channels.find((c) => c.id === id);
  const rows = channel
    ? ([
        ['funding.bankName', channel.bank_name],
        ['funding.accountName', channel.account_name],
        ['funding.accountNumber', channel.account_number],
        ['funding.swift', channel.swift],
        ['funding.bankAddress', channel.bank_address],
        ['funding.remark', channel.remark],
      ] as const)
    : [];
  return (
    <div className="funding-panel">
      {channels.length === 0 && <NoChannel />}
      {channels.length > 1 && (
        <Selector
          value={id === undefined ? [] : [id]}
          onChange={(v) => v[0] !== undefined && setId(v[0])}
          options={channels.map((c) => ({ value: c.id, label: `${c.bank_name} (${c.currency_code})` }))}
        />
      )}
      {channel?.demo && <DemoWarning label="funding.demoAccount" />}
      {channel && (
        <dl className="funding-card wire-details">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>
                  <CopyText value={value} />
                </dd>
              </div>
            ))}
        </dl>
      )}
      <DepositForm
        onSubmit={(form) => (channel ? submitWireDeposit({ ...form, wire_id: channel.id }) : false)}
      />
    </div>
  );
}

/** SPEC.md §2 /mine/charge: coin addresses with copy and QR, bank wire details, each with amount and proof; the external payment page when configured. */
export default function ChargePage() {
  const { t } = useTranslation();
  const [options, setOptions] = useState<DepositOptions>();

  useEffect(() => {
    fetchDepositOptions().then(setOptions, () => {});
  }, []);

  return (
    <Page>
      <div className="statement-bar">
        <Link to="/recharge/list">{t('page.depositRecords')}</Link>
      </div>
      {options?.pay_url && (
        <div className="funding-panel">
          <a
            className="adm-button adm-button-primary adm-button-fill-outline adm-button-block adm-button-shape-default pay-link"
            href={options.pay_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('funding.payPage')}
          </a>
        </div>
      )}
      {options && (
        <Tabs defaultActiveKey="coin">
          <Tabs.Tab key="coin" title={t('funding.coinTab')}>
            <CoinDeposit channels={options.coin} />
          </Tabs.Tab>
          <Tabs.Tab key="wire" title={t('funding.wireTab')}>
            <WireDeposit channels={options.wire} />
          </Tabs.Tab>
        </Tabs>
      )}
    </Page>
  );
}
