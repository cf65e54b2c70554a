#include "desktop_identity.h"

namespace cosystudio::desktop {

QString applicationId() { return QStringLiteral(COSYSTUDIO_APP_ID); }

QIcon applicationIcon() {
  return QIcon::fromTheme(applicationId(), QIcon(QStringLiteral(":/icons/%1.png").arg(applicationId())));
}

}  // namespace cosystudio::desktop
