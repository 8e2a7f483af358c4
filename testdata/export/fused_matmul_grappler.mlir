// _FusedMatMul as grappler's remapper leaves it (num_args, T, transpose_b, LeakyRelu) in graph form.
func.func @main(%arg0: tensor<4x6xf32>, %arg1: tensor<5x6xf32>, %arg2: tensor<5xf32>) -> tensor<4x5xf32> {
  %0 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf._FusedMatMul"(%arg0, %arg1, %arg2) {T = f32, device = "/job:localhost/replica:0/task:0/device:CPU:0", epsilon = 0.000000e+00 : f32, fused_ops = ["BiasAdd", "LeakyRelu"], leakyrelu_alpha = 3.000000e-01 : f32, num_args = 1 : i64, transpose_a = false, transpose_b = true} : (tensor<4x6xf32>, tensor<5x6xf32>, tensor<5xf32>) -> tensor<4x5xf32>
    %outputs_0, %control_1 = tf_executor.island wraps "tf.Identity"(%outputs) {T = f32, device = ""} : (tensor<4x5xf32>) -> tensor<4x5xf32>
    tf_executor.fetch %outputs_0 : tensor<4x5xf32>
  }
  return %0 : tensor<4x5xf32>
}
