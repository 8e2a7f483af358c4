// A bf16 Dense layer as a mixed-precision Keras model exports it: Cast in, MatMul, BiasAdd, Relu, Cast out.
func.func @__inference_dense_13(%arg0: tensor<?x8xf32> {tf._user_specified_name = "inputs"}, %arg1: tensor<8x4xbf16>, %arg2: tensor<4xbf16>) -> tensor<?x4xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "inputs,kernel,bias", outputs = "identity_RetVal"}} {
  %0 = "tf.Cast"(%arg0) {SrcT = f32, DstT = bf16, Truncate = false, device = ""} : (tensor<?x8xf32>) -> tensor<?x8xbf16>
  %1 = "tf.MatMul"(%0, %arg1) {T = bf16, device = "", grad_a = false, grad_b = false, transpose_a = false, transpose_b = false} : (tensor<?x8xbf16>, tensor<8x4xbf16>) -> tensor<?x4xbf16>
  %2 = "tf.BiasAdd"(%1, %arg2) {T = bf16, data_format = "NHWC", device = ""} : (tensor<?x4xbf16>, tensor<4xbf16>) -> tensor<?x4xbf16>
  %3 = "tf.Relu"(%2) {T = bf16, device = ""} : (tensor<?x4xbf16>) -> tensor<?x4xbf16>
  %4 = "tf.Cast"(%3) {SrcT = bf16, DstT = f32, Truncate = false, device = ""} : (tensor<?x4xbf16>) -> tensor<?x4xf32>
  %5 = "tf.Identity"(%4) {device = ""} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %5 : tensor<?x4xf32>
}
// sweep: arg0=3x8
