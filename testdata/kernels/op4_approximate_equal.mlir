// ApproximateEqual is |x - y| < tolerance (strict; NaN and Inf - Inf give false) with the default
// tolerance 1e-5, with 0.01, and on f64 with an f32 tolerance of 0.5; x and y have the same shape (TF does
// not broadcast them).
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?xf64>, %arg3: tensor<?xf64>) -> (tensor<?x?xi1>, tensor<?x?xi1>, tensor<?xi1>) {
  %0 = "tf.ApproximateEqual"(%arg0, %arg1) {device = "", tolerance = 9.99999974E-6 : f32} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
  %1 = "tf.ApproximateEqual"(%arg0, %arg1) {device = "", tolerance = 0.00999999977 : f32} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
  %2 = "tf.ApproximateEqual"(%arg2, %arg3) {device = "", tolerance = 5.000000e-01 : f32} : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xi1>
  func.return %0, %1, %2 : tensor<?x?xi1>, tensor<?x?xi1>, tensor<?xi1>
}
