// FusedBatchNorm (NHWC) and FusedBatchNormV2 (NCHW) in inference: as FusedBatchNormV3 without
// reserve_space_3. The input has as many channels in dim 3 as in dim 1, so one x serves both layouts;
// batch_variance comes back as the variance input.
func.func @test(%x: tensor<?x?x?x?xf32>, %s: tensor<?xf32>, %o: tensor<?xf32>, %m: tensor<?xf32>, %v: tensor<?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?xf32>) {
  %0:5 = "tf.FusedBatchNorm"(%x, %s, %o, %m, %v) {data_format = "NHWC", device = "", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
  %1:5 = "tf.FusedBatchNormV2"(%x, %s, %o, %m, %v) {data_format = "NCHW", device = "", epsilon = 1.000000e-04 : f32, is_training = false} : (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
  func.return %0#0, %1#0, %0#2 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?xf32>
}
