// DepthwiseConv2dNative SAME with channel multiplier 2, as Keras' DepthwiseConv2D exports it.
func.func @__inference_depthwise_99(%arg0: tensor<?x8x8x3xf32> {tf._user_specified_name = "inputs"}, %arg1: tensor<3x3x3x2xf32>) -> tensor<?x8x8x6xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "inputs,kernel", outputs = "identity_RetVal"}} {
  %0 = "tf.DepthwiseConv2dNative"(%arg0, %arg1) {data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x8x8x3xf32>, tensor<3x3x3x2xf32>) -> tensor<?x8x8x6xf32>
  %1 = "tf.Identity"(%0) {device = ""} : (tensor<?x8x8x6xf32>) -> tensor<?x8x8x6xf32>
  return %1 : tensor<?x8x8x6xf32>
}
// sweep: arg0=2x8x8x3
