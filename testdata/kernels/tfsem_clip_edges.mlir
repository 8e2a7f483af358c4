// sandjit-test: rtol=0 atol=0
// ClipByValue at its edges, as TF's CPU kernel (cwise_op_clip.cc: std::max(std::min(x, hi), lo)): NaN in x
// stays NaN, a NaN bound is ignored, lo > hi gives lo; per-element bounds broadcast against x, on f32 and i32.
func.func @test(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>, %arg2: tensor<?xf32>, %arg3: tensor<?x?xi32>, %arg4: tensor<i32>, %arg5: tensor<?xi32>) -> (tensor<?xf32>, tensor<?x?xi32>) {
  %0 = "tf.ClipByValue"(%arg0, %arg1, %arg2) {device = ""} : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.ClipByValue"(%arg3, %arg4, %arg5) {device = ""} : (tensor<?x?xi32>, tensor<i32>, tensor<?xi32>) -> tensor<?x?xi32>
  func.return %0, %1 : tensor<?xf32>, tensor<?x?xi32>
}
