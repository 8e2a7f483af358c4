// _FusedConv2D with BiasAdd + Relu6 as grappler's remapper writes it.
func.func @main(%arg0: tensor<?x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<4xf32>) -> tensor<?x4x4x4xf32> {
  %0 = "tf._FusedConv2D"(%arg0, %arg1, %arg2) {T = f32, TArgs = [f32], data_format = "NHWC", device = "/job:localhost/replica:0/task:0/device:CPU:0", dilations = [1, 1, 1, 1], epsilon = 0.000000e+00 : f32, explicit_paddings = [], fused_ops = ["BiasAdd", "Relu6"], leakyrelu_alpha = 2.000000e-01 : f32, num_args = 1 : i64, padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<?x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<4xf32>) -> tensor<?x4x4x4xf32>
  %1 = "tf.Identity"(%0) {T = f32, device = ""} : (tensor<?x4x4x4xf32>) -> tensor<?x4x4x4xf32>
  return %1 : tensor<?x4x4x4xf32>
}
// sweep: arg0=2x8x8x3
