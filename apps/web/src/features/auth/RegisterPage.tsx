import { Button, Form, Input, Tabs, Toast } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  type Captcha,
  fetchCaptcha,
  fetchSetting,
  type LoginType,
  register,
  sendEmail,
  sendSms,
} from '../../api/account';
import { useBasicInfo } from '../../stores/basicInfo';
import { AreaPicker } from '../../ui/AreaPicker';
import { CodeInput } from '../../ui/CodeInput';
import { CountdownButton } from '../../ui/CountdownButton';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { Page } from '../../ui/Page';

/** SPEC.md §2/§4 /register: e-mail or mobile, a code (or a captcha when verify_reg_type is 2), invite code. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const basic = useBasicInfo();
  const [type, setType] = useState<LoginType>('email');
  const [account, setAccount] = useState('');
  const [areaId, setAreaId] = useState<number | undefined>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [invite, setInvite] = useState(params.get('invite_code') ?? '');
  const [mobile, setMobile] = useState('');
  const [showMobile, setShowMobile] = useState('1');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [busy, setBusy] = useState(false);
  const captchaMode = basic.info?.verify_reg_type === 2;

  const newCaptcha = useCallback(() => {
    fetchCaptcha().then(setCaptcha, () => {});
  }, []);

  useEffect(() => {
    void basic.load().catch(() => {});
    fetchSetting('is_show_mobile').then(setShowMobile, () => {});
  }, [basic.load]);

  useEffect(() => {
    if (captchaMode) newCaptcha();
  }, [captchaMode, newCaptcha]);

  // SPEC.md §4: with is_show_mobile 3 an e-mail sign-up also asks for a phone number.
  const askMobile = type === 'email' && showMobile === '3';

  const sendCode = () =>
    account.trim()
      ? type === 'email'
        ? sendEmail(account.trim(), 1)
        : sendSms(account.trim(), areaId, 1)
      : Promise.reject(Toast.show({ content: t(type === 'email' ? 'msg.inputEmail' : 'msg.inputPhone') }));

  const submit = async () => {
    if (!account.trim() || !code.trim() || !password || !rePassword) {
      return Toast.show({ content: t('msg.pleaseComplete') });
    }
    if (password !== rePassword) return Toast.show({ content: t('msg.passwordInconsistency') });
    setBusy(true);
    try {
      await register({
        type,
        area_id: type === 'mobile' || askMobile ? areaId : undefined,
        account: account.trim(),
        password,
        re_password: rePassword,
        invite_code: invite.trim() || undefined,
        sms_code: code.trim(),
        key: captchaMode ? captcha?.id : undefined,
        mobile: askMobile ? mobile.trim() || undefined : undefined,
      });
      navigate('/login', { replace: true });
    } catch {
      if (captchaMode) newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page>
      <div className="auth">
        <Tabs
          activeKey={type}
          onChange={(key) => {
            // An e-mail address is not a phone number: the other kind starts empty.
            setType(key as LoginType);
            setAccount('');
          }}
        >
          <Tabs.Tab key="email" title={t('auth.byEmail')} />
          <Tabs.Tab key="mobile" title={t('auth.byMobile')} />
        </Tabs>
        <Form layout="vertical" className="auth__form">
          <Form.Item label={t(type === 'email' ? 'auth.email' : 'auth.mobile')}>
            <div className="inline">
              {type === 'mobile' && <AreaPicker value={areaId} onChange={setAreaId} />}
              <Input
                name="account"
                aria-label={t(type === 'email' ? 'auth.email' : 'auth.mobile')}
                type={type === 'email' ? 'email' : 'tel'}
                autoComplete={type === 'email' ? 'email' : 'tel'}
                value={account}
                onChange={setAccount}
              />
            </div>
          </Form.Item>
          {askMobile && (
            <Form.Item label={t('auth.mobile')}>
              <div className="inline">
                <AreaPicker value={areaId} onChange={setAreaId} />
                <Input
                  name="mobile"
                  aria-label={t('auth.mobile')}
                  type="tel"
                  autoComplete="tel"
                  value={mobile}
                  onChange={setMobile}
                />
              </div>
            </Form.Item>
          )}
          {captchaMode ? (
            <Form.Item label={t('auth.captcha')}>
              <div className="inline">
                <Input
                  name="captcha"
                  aria-label={t('auth.captcha')}
                  value={code}
                  onChange={setCode}
                  autoComplete="off"
                />
                {captcha && (
                  <button
                    type="button"
                    className="captcha"
                    onClick={newCaptcha}
                    aria-label={t('auth.newCaptcha')}
                  >
                    <img src={captcha.b64s} alt={t('auth.captcha')} height={40} />
                  </button>
                )}
              </div>
            </Form.Item>
          ) : (
            <Form.Item label={t('auth.code')} extra={<CountdownButton onSend={sendCode} />}>
              <CodeInput name="code" aria-label={t('auth.code')} value={code} onChange={setCode} />
            </Form.Item>
          )}
          <NewPasswordFields
            label="auth.password"
            names={['password', 're_password']}
            password={password}
            repeat={rePassword}
            onPassword={setPassword}
            onRepeat={setRePassword}
          />
          <Form.Item label={t('auth.inviteCode')}>
            <Input name="invite_code" aria-label={t('auth.inviteCode')} value={invite} onChange={setInvite} />
          </Form.Item>
        </Form>
        <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
          {t('auth.signUp')}
        </Button>
        <div className="auth__links">
          <Link to="/login">{t('auth.haveAccount')}</Link>
        </div>
      </div>
    </Page>
  );
}
