// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/cmyk_transform.h"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <lcms2.h>
#include <lcms2_plugin.h>
#include <new>
#include <utility>

namespace dropsize {

namespace {

    // What one context's lcms2 has allocated, and the first error it reported.
    struct Account {
        std::uint64_t live = 0;
        std::uint64_t limit = 0;
        bool refused = false; // an allocation went over the limit
        char message[200] = {};
    };

    // Each block starts with its size and account, so that free() needs nothing else: lcms2
    // frees its context's own structure through a stand-in context that has no user data.
    struct alignas(std::max_align_t) Block {
        std::size_t size;
        Account* account;
    };

    void* allocate(cmsContext context, cmsUInt32Number size)
    {
        auto* account = static_cast<Account*>(cmsGetContextUserData(context));
        if (account != nullptr) {
            if (account->live + size > account->limit) {
                account->refused = true;
                return nullptr;
            }
        }
        void* raw = std::malloc(sizeof(Block) + size);
        if (raw == nullptr) {
            return nullptr;
        }
        auto* block = new (raw) Block { size, account };
        if (account != nullptr) {
            account->live += size;
        }
        return block + 1;
    }

    void release(cmsContext, void* pointer)
    {
        if (pointer == nullptr) {
            return;
        }
        Block* block = static_cast<Block*>(pointer) - 1;
        if (block->account != nullptr) {
            block->account->live -= block->size;
        }
        std::free(block);
    }

    void* reallocate(cmsContext context, void* pointer, cmsUInt32Number size)
    {
        void* grown = allocate(context, size);
        if (grown == nullptr || pointer == nullptr) {
            return grown;
        }
        const Block* old = static_cast<const Block*>(pointer) - 1;
        std::memcpy(grown, pointer, std::min<std::size_t>(old->size, size));
        release(context, pointer);
        return grown;
    }

    void logError(cmsContext context, cmsUInt32Number, const char* text)
    {
        auto* account = static_cast<Account*>(cmsGetContextUserData(context));
        if (account != nullptr && account->message[0] == '\0' && text != nullptr) {
            std::strncpy(account->message, text, sizeof account->message - 1);
        }
    }

    // The space a profile is for, in words; empty for one without a name here.
    Text spaceName(cmsColorSpaceSignature space)
    {
        switch (space) {
        case cmsSigRgbData:
            return Text::verbatim("RGB");
        case cmsSigGrayData:
            return Text::tr("grey");
        case cmsSigLabData:
            return Text::verbatim("Lab");
        case cmsSigXYZData:
            return Text::verbatim("XYZ");
        case cmsSigYCbCrData:
            return Text::verbatim("YCbCr");
        default:
            return {};
        }
    }

    struct ProfileHandle {
        cmsHPROFILE h = nullptr;
        ProfileHandle() = default;
        ProfileHandle(const ProfileHandle&) = delete;
        ProfileHandle& operator=(const ProfileHandle&) = delete;
        ~ProfileHandle()
        {
            if (h != nullptr) {
                cmsCloseProfile(h);
            }
        }
    };

} // namespace

struct CmykTransform::State {
    Account account;
    cmsContext context = nullptr;
    cmsHTRANSFORM transform = nullptr;
    bool standard = false;

    State() = default;
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    ~State()
    {
        if (transform != nullptr) {
            cmsDeleteTransform(transform);
        }
        if (context != nullptr) {
            cmsDeleteContext(context);
        }
    }

    // The transform from `profile`, or an empty text: why not.
    Text make(std::span<const std::uint8_t> profile, bool inverted)
    {
        account.refused = false;
        account.message[0] = '\0';
        const auto because = [this](Text why) {
            if (account.refused) {
                return Text::tr("it needs more than %1 MiB in %2")
                    .arg(account.limit >> 20)
                    .arg("lcms2");
            }
            if (account.message[0] != '\0') {
                // lcms2's own words
                return Text::tr("%1 (%2: %3)")
                    .arg(std::move(why))
                    .arg("lcms2")
                    .arg(Text::verbatim(account.message));
            }
            return why;
        };
        ProfileHandle in;
        in.h = cmsOpenProfileFromMemTHR(
            context, profile.data(), static_cast<cmsUInt32Number>(profile.size()));
        if (in.h == nullptr) {
            return because(Text::tr("it cannot be read"));
        }
        if (cmsGetColorSpace(in.h) != cmsSigCmykData) {
            Text space = spaceName(cmsGetColorSpace(in.h));
            return !space.empty() ? Text::tr("it is for %1, not CMYK").arg(std::move(space))
                                  : Text::tr("it is not a CMYK profile");
        }
        ProfileHandle out;
        out.h = cmsCreate_sRGBProfileTHR(context);
        if (out.h == nullptr) {
            return because(Text::tr("%1 could not make its sRGB profile").arg("lcms2"));
        }
        transform = cmsCreateTransformTHR(context, in.h, inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8,
            out.h, TYPE_RGB_8, INTENT_RELATIVE_COLORIMETRIC, 0);
        // lcms2 makes do without the table it precomputes when that table's memory is refused,
        // and its unoptimised transform may round differently: a transform is the usual one or
        // none, whatever the limit.
        if (transform != nullptr && account.refused) {
            cmsDeleteTransform(transform);
            transform = nullptr;
        }
        if (transform == nullptr) {
            return because(Text::tr("%1 cannot read CMYK with it").arg("lcms2"));
        }
        return {};
    }
};

CmykTransform::CmykTransform(std::unique_ptr<State> state) noexcept
    : m_state(std::move(state))
{
}

CmykTransform::CmykTransform(CmykTransform&&) noexcept = default;
CmykTransform& CmykTransform::operator=(CmykTransform&&) noexcept = default;
CmykTransform::~CmykTransform() = default;

Text CmykTransform::standardUsedBecause(Text why)
{
    return Text::tr("its ICC profile was not used (%1); the standard CMYK profile (ISO Coated v2) "
                    "was used instead")
        .arg(std::move(why));
}

Result<CmykTransform> CmykTransform::create(
    std::span<const std::uint8_t> profile, bool inverted, std::uint64_t memoryLimit, Text& warning)
{
    warning = Text();
    auto state = std::make_unique<State>();
    state->account.limit = std::min(memoryLimit, kMaxMemory);
    // lcms2 keeps a pointer to the plugin's description: it lives as long as the program.
    static const cmsPluginMemHandler kMemory = {
        { cmsPluginMagicNumber, 2060, cmsPluginMemHandlerSig, nullptr },
        allocate,
        release,
        reallocate,
        nullptr,
        nullptr,
        nullptr,
    };
    state->context = cmsCreateContext(const_cast<cmsPluginMemHandler*>(&kMemory), &state->account);
    if (state->context == nullptr) {
        return Error::of(ErrorCode::OutOfMemory, Text::tr("%1 could not start").arg("lcms2"));
    }
    cmsSetLogErrorHandlerTHR(state->context, logError);
    if (!profile.empty()) {
        Text why = state->make(profile, inverted);
        if (why.empty()) {
            return CmykTransform(std::move(state));
        }
        warning = standardUsedBecause(std::move(why));
    } else {
        warning = Text::tr("it has no ICC profile; the standard CMYK profile (ISO Coated v2) was "
                           "used");
    }
    state->standard = true;
    if (Text why = state->make(standardCmykProfile(), inverted); !why.empty()) {
        return Error::of(state->account.refused ? ErrorCode::LimitExceeded : ErrorCode::Internal,
            Text::tr("the standard CMYK profile could not be used: %1").arg(std::move(why)));
    }
    return CmykTransform(std::move(state));
}

void CmykTransform::toRgb(const std::uint8_t* cmyk, std::uint8_t* rgb, int width) const noexcept
{
    cmsDoTransform(m_state->transform, cmyk, rgb, static_cast<cmsUInt32Number>(width));
}

std::uint64_t CmykTransform::memoryBytes() const noexcept { return m_state->account.live; }

bool CmykTransform::usesStandardProfile() const noexcept { return m_state->standard; }

} // namespace dropsize
