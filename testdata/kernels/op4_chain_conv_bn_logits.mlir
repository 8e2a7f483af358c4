// A small CNN head: Conv2D (SAME), FusedBatchNormV3 (inference), Relu6, global average pooling (Mean over
// H and W), MatMul, BiasAdd and LogSoftmax.
func.func @test(%arg0: tensor<?x?x?x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4xf32>, %arg4: tensor<4xf32>, %arg5: tensor<4xf32>, %arg6: tensor<4x5xf32>, %arg7: tensor<5xf32>) -> tensor<?x5xf32> {
  %0 = "tf.Conv2D"(%arg0, %arg1) {data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x3xf32>, tensor<3x3x3x4xf32>) -> tensor<?x?x?x4xf32>
  %1:6 = "tf.FusedBatchNormV3"(%0, %arg2, %arg3, %arg4, %arg5) {data_format = "NHWC", device = "", epsilon = 1.000000e-03 : f32, exponential_avg_factor = 1.000000e+00 : f32, is_training = false} : (tensor<?x?x?x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<?x?x?x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %2 = "tf.Relu6"(%1#0) {device = ""} : (tensor<?x?x?x4xf32>) -> tensor<?x?x?x4xf32>
  %cst = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tf.Mean"(%2, %cst) {device = "", keep_dims = false} : (tensor<?x?x?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %4 = "tf.MatMul"(%3, %arg6) {device = "", transpose_a = false, transpose_b = false} : (tensor<?x4xf32>, tensor<4x5xf32>) -> tensor<?x5xf32>
  %5 = "tf.BiasAdd"(%4, %arg7) {data_format = "NHWC", device = ""} : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  %6 = "tf.LogSoftmax"(%5) {device = ""} : (tensor<?x5xf32>) -> tensor<?x5xf32>
  func.return %6 : tensor<?x5xf32>
}
