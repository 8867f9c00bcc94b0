import { LANGUAGES, type Language } from '@meridian/contract';
import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import pt from 'flag-icons/flags/4x3/br.svg?url';
import cn from 'flag-icons/flags/4x3/cn.svg?url';
import de from 'flag-icons/flags/4x3/de.svg?url';
import spa from 'flag-icons/flags/4x3/es.svg?url';
import fr from 'flag-icons/flags/4x3/fr.svg?url';
import en from 'flag-icons/flags/4x3/gb.svg?url';
import hk from 'flag-icons/flags/4x3/hk.svg?url';
import it from 'flag-icons/flags/4x3/it.svg?url';
import jp from 'flag-icons/flags/4x3/jp.svg?url';
import kr from 'flag-icons/flags/4x3/kr.svg?url';
import ru from 'flag-icons/flags/4x3/ru.svg?url';
import ar from 'flag-icons/flags/4x3/sa.svg?url';
import th from 'flag-icons/flags/4x3/th.svg?url';
import tr from 'flag-icons/flags/4x3/tr.svg?url';
import vn from 'flag-icons/flags/4x3/vn.svg?url';
import { changeLanguage } from '../../i18n';
import { LANGUAGE_OPTIONS } from '../../i18n/languages';
import { useApp } from '../../stores/app';
import { Page, useBack } from '../../ui/Page';
import { TapItem } from '../../ui/TapItem';
import { ThemeSetting } from './ThemeSetting';

/**
 * Each language's flag (the region of LANGUAGE_OPTIONS), one import per flag resolved like any package
 * import: a glob under /node_modules found nothing once npm hoisted flag-icons to the workspace root.
 */
const FLAGS: Record<Language, string> = { hk, cn, en, jp, kr, th, vn, fr, de, ru, spa, pt, ar, it, tr };

/**
 * SPEC.md §2 /language: every interface language with its flag; the choice persists and goes out as `lang`.
 * The theme switch too, so that a visitor (no user centre) can reach it.
 */
export default function LanguagePage() {
  const current = useApp((s) => s.lang);
  const back = useBack();
  const choose = async (language: Language) => {
    await changeLanguage(language);
    back();
  };
  return (
    <Page>
      <List>
        {LANGUAGES.map((language) => (
          <TapItem
            key={language}
            prefix={<img className="flag" src={FLAGS[language]} alt="" width={28} height={21} />}
            extra={language === current ? <CheckOutline color="var(--adm-color-primary)" /> : null}
            onClick={() => void choose(language)}
            arrowIcon={false}
          >
            {LANGUAGE_OPTIONS[language].name}
          </TapItem>
        ))}
      </List>
      <List className="theme-list">
        <ThemeSetting />
      </List>
    </Page>
  );
}
