// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/heif/heif_error.h"

#include <string>
#include <string_view>
#include <vector>

namespace dropsize::heif {

namespace {

    // libheif's sentence for an error code (libheif 1.15's get_error_string()).
    Text codeText(heif_error_code code)
    {
        switch (code) {
        case heif_error_Ok:
            return Text::tr("Success");
        case heif_error_Input_does_not_exist:
            return Text::tr("Input file does not exist");
        case heif_error_Invalid_input:
            return Text::tr("Invalid input");
        case heif_error_Unsupported_filetype:
            return Text::tr("Unsupported file-type");
        case heif_error_Unsupported_feature:
            return Text::tr("Unsupported feature");
        case heif_error_Usage_error:
            return Text::tr("Usage error");
        case heif_error_Memory_allocation_error:
            return Text::tr("Memory allocation error");
        case heif_error_Decoder_plugin_error:
            return Text::tr("Decoder plugin generated an error");
        case heif_error_Encoder_plugin_error:
            return Text::tr("Encoder plugin generated an error");
        case heif_error_Encoding_error:
            return Text::tr("Error during encoding or writing output file");
        case heif_error_Color_profile_does_not_exist:
            return Text::tr("Color profile does not exist");
        case heif_error_Plugin_loading_error:
            return Text::tr("Error while loading plugin");
        }
        return {};
    }

    // libheif's sentence for a suberror code.
    // NOLINTNEXTLINE(readability-function-size): a table, one case a suberror of libheif's
    Text subcodeText(heif_suberror_code code)
    {
        switch (code) {
        case heif_suberror_Unspecified:
            return Text::tr("Unspecified");
        case heif_suberror_End_of_data:
            return Text::tr("Unexpected end of file");
        case heif_suberror_Invalid_box_size:
            return Text::tr("Invalid box size");
        case heif_suberror_No_ftyp_box:
            return Text::tr("No 'ftyp' box");
        case heif_suberror_No_idat_box:
            return Text::tr("No 'idat' box");
        case heif_suberror_No_meta_box:
            return Text::tr("No 'meta' box");
        case heif_suberror_No_hdlr_box:
            return Text::tr("No 'hdlr' box");
        case heif_suberror_No_hvcC_box:
            return Text::tr("No 'hvcC' box");
        case heif_suberror_No_pitm_box:
            return Text::tr("No 'pitm' box");
        case heif_suberror_No_ipco_box:
            return Text::tr("No 'ipco' box");
        case heif_suberror_No_ipma_box:
            return Text::tr("No 'ipma' box");
        case heif_suberror_No_iloc_box:
            return Text::tr("No 'iloc' box");
        case heif_suberror_No_iinf_box:
            return Text::tr("No 'iinf' box");
        case heif_suberror_No_iprp_box:
            return Text::tr("No 'iprp' box");
        case heif_suberror_No_iref_box:
            return Text::tr("No 'iref' box");
        case heif_suberror_No_pict_handler:
            return Text::tr("Not a 'pict' handler");
        case heif_suberror_Ipma_box_references_nonexisting_property:
            return Text::tr("'ipma' box references a non-existing property");
        case heif_suberror_No_properties_assigned_to_item:
            return Text::tr("No properties assigned to item");
        case heif_suberror_No_item_data:
            return Text::tr("Item has no data");
        case heif_suberror_Invalid_grid_data:
            return Text::tr("Invalid grid data");
        case heif_suberror_Missing_grid_images:
            return Text::tr("Missing grid images");
        case heif_suberror_Invalid_clean_aperture:
            return Text::tr("Invalid clean-aperture specification");
        case heif_suberror_Invalid_overlay_data:
            return Text::tr("Invalid overlay data");
        case heif_suberror_Overlay_image_outside_of_canvas:
            return Text::tr("Overlay image outside of canvas area");
        case heif_suberror_Auxiliary_image_type_unspecified:
            return Text::tr("Type of auxiliary image unspecified");
        case heif_suberror_No_or_invalid_primary_item:
            return Text::tr("No or invalid primary item");
        case heif_suberror_No_infe_box:
            return Text::tr("No 'infe' box");
        case heif_suberror_Unknown_color_profile_type:
            return Text::tr("Unknown color profile type");
        case heif_suberror_Wrong_tile_image_chroma_format:
            return Text::tr("Wrong tile image chroma format");
        case heif_suberror_Invalid_fractional_number:
            return Text::tr("Invalid fractional number");
        case heif_suberror_Invalid_image_size:
            return Text::tr("Invalid image size");
        case heif_suberror_Invalid_pixi_box:
            return Text::tr("Invalid pixi box");
        case heif_suberror_No_av1C_box:
            return Text::tr("No 'av1C' box");
        case heif_suberror_Wrong_tile_image_pixel_depth:
            return Text::tr("Wrong tile image pixel depth");
        case heif_suberror_Unknown_NCLX_color_primaries:
            return Text::tr("Unknown NCLX color primaries");
        case heif_suberror_Unknown_NCLX_transfer_characteristics:
            return Text::tr("Unknown NCLX transfer characteristics");
        case heif_suberror_Unknown_NCLX_matrix_coefficients:
            return Text::tr("Unknown NCLX matrix coefficients");
        case heif_suberror_Security_limit_exceeded:
            return Text::tr("Security limit exceeded");
        case heif_suberror_Nonexisting_item_referenced:
            return Text::tr("Non-existing item ID referenced");
        case heif_suberror_Null_pointer_argument:
            return Text::tr("NULL argument received");
        case heif_suberror_Nonexisting_image_channel_referenced:
            return Text::tr("Non-existing image channel referenced");
        case heif_suberror_Unsupported_plugin_version:
            return Text::tr("The version of the passed plugin is not supported");
        case heif_suberror_Unsupported_writer_version:
            return Text::tr("The version of the passed writer is not supported");
        case heif_suberror_Unsupported_parameter:
            return Text::tr("Unsupported parameter");
        case heif_suberror_Invalid_parameter_value:
            return Text::tr("Invalid parameter value");
        case heif_suberror_Unsupported_codec:
            return Text::tr("Unsupported codec");
        case heif_suberror_Unsupported_image_type:
            return Text::tr("Unsupported image type");
        case heif_suberror_Unsupported_data_version:
            return Text::tr("Unsupported data version");
        case heif_suberror_Unsupported_color_conversion:
            return Text::tr("Unsupported color conversion");
        case heif_suberror_Unsupported_item_construction_method:
            return Text::tr("Unsupported item construction method");
        case heif_suberror_Unsupported_header_compression_method:
            return Text::tr("Unsupported header compression method");
        case heif_suberror_Unsupported_bit_depth:
            return Text::tr("Unsupported bit depth");
        case heif_suberror_Cannot_write_output_data:
            return Text::tr("Cannot write output data");
        case heif_suberror_Plugin_loading_error:
            return Text::tr("Plugin file cannot be loaded");
        case heif_suberror_Plugin_is_not_loaded:
            return Text::tr("Trying to remove a plugin that is not loaded");
        case heif_suberror_Cannot_read_plugin_directory:
            return Text::tr("Error while scanning the directory for plugins");
        }
        return {};
    }

    // The details libheif adds for the damage a file can have (its boxes, references, sizes),
    // and for a failed encode: fixed sentences, as templates with the same English.
    Text detailText(std::string_view detail)
    {
        static const std::vector<Text> kDetails {
            Text::tr("'pitm' box references a non-existing image"),
            Text::tr("Security limit for maximum nesting of boxes has been exceeded"),
            Text::tr("iloc data pointers out of allowed range"),
            Text::tr("idat box referenced in iref box is not present in file"),
            Text::tr("ftyp box too small (less than 8 bytes)"),
            Text::tr("Exceeded supported value range."),
            Text::tr("Cannot allocate image memory."),
            Text::tr("insufficient input data"),
            Text::tr("error reading ftyp box"),
            Text::tr("input is no ftyp box"),
            Text::tr("Derived image does not reference any other image items"),
            Text::tr("Overlay image with zero width or height."),
            Text::tr("Thumbnail references a non-existing image"),
            Text::tr("Thumbnail references another thumbnail"),
            Text::tr("Recursive thumbnail image detected"),
            Text::tr("Too many auxiliary image references"),
            Text::tr("Recursive alpha image detected"),
            Text::tr("Recursive depth image detected"),
            Text::tr("No hvcC property in hvc1 type image"),
            Text::tr("Metadata not correctly assigned to image"),
            Text::tr("Metadata assigned to non-existing image"),
            Text::tr("No iref box available, but needed for grid image"),
            Text::tr("No pixi information for luma channel."),
            Text::tr("Different number of bits per pixel in each channel."),
            Text::tr("Nonexistent grid image referenced"),
            Text::tr("Invalid bits per pixel in pixi box."),
            Text::tr("Image tile has different chroma format than combined image"),
            Text::tr("No iref box available, but needed for iden image"),
            Text::tr("'iden' image with more than one reference image"),
            Text::tr("No iref box available, but needed for iovl image"),
            Text::tr("Number of image offsets does not match the number of image references"),
            Text::tr("Less than 8 bytes of data"),
            Text::tr("Grid image data incomplete"),
            Text::tr("Overlay image data incomplete"),
            Text::tr("Too many thumbnail references"),
            Text::tr("Recursive aux image detected"),
            Text::tr("File does not include any supported brands."),
            Text::tr("Cannot allocate memory for image plane"),
            Text::tr("Failed to encode frame"),
            Text::tr("Failed to allocate image"),
            Text::tr("Failed to initialize encoder"),
        };
        for (const Text& known : kDetails) {
            if (detail == known.format()) {
                return known;
            }
        }
        return Text::verbatim(std::string(detail));
    }

} // namespace

Text describe(const heif_error& e)
{
    if (e.message == nullptr) {
        return {};
    }
    std::string message = e.message;
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) {
        message.pop_back();
    }
    const Text code = codeText(e.code);
    const Text subcode = subcodeText(e.subcode);
    if (code.empty() || subcode.empty()) {
        return Text::verbatim(std::move(message));
    }
    // What libheif builds: the code's sentence, ": ", the subcode's, then ": " and a detail.
    const std::string head = std::string(code.format()) + ": " + subcode.format();
    Text words = Text::tr("%1: %2").arg(code).arg(subcode);
    if (message == head) {
        return words;
    }
    if (message.starts_with(head + ": ") && message.size() > head.size() + 2) {
        return Text::tr("%1: %2")
            .arg(std::move(words))
            .arg(detailText(std::string_view(message).substr(head.size() + 2)));
    }
    return Text::verbatim(std::move(message));
}

} // namespace dropsize::heif
