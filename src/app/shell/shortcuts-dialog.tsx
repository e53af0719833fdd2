import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { useTranslation } from '@/i18n/use-translation'

/**
 * The keyboard shortcuts, in a modal dialog (React Aria: focus kept inside, Escape and a click outside close it,
 * focus returns to where it was). Loaded when first opened, so that no page's first paint carries React Aria.
 */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog__title">
            {t('app.shortcuts.title')}
          </Heading>
          <dl className="shortcuts">
            <dt>
              <kbd>/</kbd>
            </dt>
            <dd>{t('app.shortcuts.filters')}</dd>
            <dt>
              <kbd>?</kbd>
            </dt>
            <dd>{t('app.shortcuts.help')}</dd>
            <dt>
              <kbd>{t('app.shortcuts.escapeKey')}</kbd>
            </dt>
            <dd>{t('app.shortcuts.escape')}</dd>
          </dl>
          <p className="muted">{t('app.shortcuts.whileTyping')}</p>
          <Button className="button" slot="close">
            {t('app.shortcuts.close')}
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
